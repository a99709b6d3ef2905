/**
 * Helpers for two particulars of health:publichealth (document 3, sections 2.1 and 4.1): content/{mediaId}
 * answers an unknown id with an empty 200 instead of a 404, and dataset rows have no fixed shape.
 */
import { type Documented, issuePath, type PdgIssue, pdgError } from '@pdg/core/provider';
import * as v from 'valibot';
import type { emptyResult, emptyResultSet, foundMediaItem } from './records.js';

/** A found media item (it has a `mediaId`), with its documented fields, as `pdg.run` types it. */
export type FoundMediaItem = Documented<v.InferOutput<typeof foundMediaItem>>;

/** What content/{mediaId} returns: a found media item, or an empty result (`{}` or an empty result set). */
export type ContentResult =
  | FoundMediaItem
  | Documented<v.InferOutput<typeof emptyResultSet>>
  | Documented<v.InferOutput<typeof emptyResult>>;

/**
 * Whether a content/{mediaId} result is a media item. An unknown or retired media id answers HTTP 200
 * with an empty result, not 404: emptiness is the not-found signal.
 */
export function isFound(result: ContentResult): result is FoundMediaItem {
  return typeof (result as { mediaId?: unknown }).mediaId === 'number';
}

const shownIssues = 5;

/**
 * Dataset rows checked against your own row schema, typed by it. Give it a dataset-rows result (or its
 * `items`, or rows gathered by `pdg.items`). Throws a `PdgError` with code `INVALID_RESPONSE` naming the
 * row index and field of each row that does not match.
 */
export function parseRows<const TRow extends v.GenericSchema>(
  rows: { readonly items: readonly unknown[] } | readonly unknown[],
  rowSchema: TRow,
): v.InferOutput<TRow>[] {
  const list: readonly unknown[] = Array.isArray(rows) ? rows : (rows as { items: readonly unknown[] }).items;
  const prefix = Array.isArray(rows) ? '' : 'items';
  const out: v.InferOutput<TRow>[] = [];
  const issues: PdgIssue[] = [];
  list.forEach((row, index) => {
    const result = v.safeParse(rowSchema, row);
    if (result.success) {
      out.push(result.output);
      return;
    }
    for (const issue of result.issues) {
      const field = issuePath(issue);
      issues.push({
        path: `${prefix}[${index}]${field === '' ? '' : field.startsWith('[') ? field : `.${field}`}`,
        message: `row ${index}${field === '' ? '' : `, field ${field}`}: expected ${issue.expected ?? 'a valid value'}, received ${issue.received}`,
      });
    }
  });
  if (issues.length > 0) {
    const listed = issues
      .slice(0, shownIssues)
      .map((issue) => issue.message)
      .join('; ');
    const more = issues.length > shownIssues ? ` (and ${issues.length - shownIssues} more)` : '';
    throw pdgError({
      code: 'INVALID_RESPONSE',
      provider: 'health:publichealth',
      endpoint: 'dataset-rows',
      issues,
      message: `health:publichealth dataset-rows: rows do not match the row schema: ${listed}${more}.`,
    });
  }
  return out;
}
