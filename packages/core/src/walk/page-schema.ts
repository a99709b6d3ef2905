/**
 * Paged responses, derived from their item schema: one call gives an endpoint both its paging metadata
 * (what `pages()` and `items()` follow) and the page fields of its response schema, so neither is
 * written by hand and the two cannot disagree.
 */
import * as v from 'valibot';
import { checkPageLimits, startState } from '../call/walk-state.js';
import type { AnySchema, Paging } from '../contract/contract.js';
import { checkpointMismatchError, shownPosition, walkFaultError } from '../errors/error-builders.js';
import { described, type OptionalField, optionalField } from '../schema/schema.js';
import { withWalk } from './walker.js';

/**
 * The fields every page-numbered response carries (document 1, section 2.1, "Page object"). A type, not
 * an interface, so it meets valibot's `ObjectEntries` (an index signature) in emitted declarations too.
 */
export type PageFields = {
  /** Page number, 1-based. */
  readonly page: WholeNumber;
  /** Whether another page follows. */
  readonly hasMore: v.BooleanSchema<undefined>;
  /** The next page number; absent on the last page. */
  readonly nextPage: OptionalField<WholeNumber>;
};

/** A page number: a whole number, so the OpenAPI document says `integer`. */
type WholeNumber = v.SchemaWithPipe<readonly [v.NumberSchema<undefined>, v.IntegerAction<number, undefined>]>;

/** The fields every cursor-paged response carries. */
export type CursorPageFields = {
  /** Whether another page follows. */
  readonly hasMore: v.BooleanSchema<undefined>;
  /** Send back as `cursor` for the next page; absent on the last page. */
  readonly nextCursor: OptionalField<v.StringSchema<undefined>>;
};

/** No extra fields. */
type NoEntries = Record<never, never>;

type ItemArray<TKey extends string, TItem extends AnySchema> = {
  readonly [K in TKey]: v.ArraySchema<TItem, undefined>;
};

/** What `pageOf` gives an endpoint: `export const { paging, response } = pageOf(...)` in its module. */
export interface PagedResponse<TKind extends 'page' | 'cursor', TKey extends string, TEntries extends v.ObjectEntries> {
  readonly paging: { readonly kind: TKind; readonly items: TKey };
  readonly response: v.LooseObjectSchema<TEntries, undefined>;
}

/**
 * A page-numbered response: `page`, `hasMore`, `nextPage`, the item array under `items`, and the
 * endpoint's other fields (`count`, `total`, `query`...):
 * `export const { paging, response } = pageOf('results', threadSummary, fields({ total: v.number() }))`.
 */
export function pageOf<
  const TKey extends string,
  TItem extends AnySchema,
  const TExtra extends v.ObjectEntries = NoEntries,
>(
  items: TKey,
  item: TItem,
  extra: TExtra = {} as TExtra,
): PagedResponse<'page', TKey, PageFields & ItemArray<TKey, TItem> & TExtra> {
  const pageFields = {
    page: described(v.pipe(v.number(), v.integer()), 'Page number, 1-based.'),
    hasMore: described(v.boolean(), 'Whether another page follows.'),
    nextPage: described(
      optionalField(v.pipe(v.number(), v.integer())),
      'The next page number; absent on the last page.',
    ),
  };
  return paged({ kind: 'page', pageFields, items, item, extra }) as never;
}

/**
 * A cursor-paged response: `hasMore`, `nextCursor`, the item array under `items`, and the endpoint's
 * other fields: `export const { paging, response } = cursorPageOf('threads', hotThread, fields({ count: v.number() }))`.
 */
export function cursorPageOf<
  const TKey extends string,
  TItem extends AnySchema,
  const TExtra extends v.ObjectEntries = NoEntries,
>(
  items: TKey,
  item: TItem,
  extra: TExtra = {} as TExtra,
): PagedResponse<'cursor', TKey, CursorPageFields & ItemArray<TKey, TItem> & TExtra> {
  const pageFields = {
    hasMore: described(v.boolean(), 'Whether another page follows.'),
    nextCursor: described(
      optionalField(v.string()),
      'Send back as `cursor` for the next page; absent on the last page.',
    ),
  };
  return paged({ kind: 'cursor', pageFields, items, item, extra }) as never;
}

/** A paged response's parts: its paging kind, the fields every page of that kind has, its item array and its own fields. */
interface PageParts {
  readonly kind: 'page' | 'cursor';
  readonly pageFields: v.ObjectEntries;
  /** The item array's name. */
  readonly items: string;
  readonly item: AnySchema;
  readonly extra: v.ObjectEntries;
}

/**
 * The paging metadata, which brings the walk's checks and code (walker.ts: loaded on the first page), and the response
 * schema: the page fields, the item array, then the endpoint's own.
 */
function paged(parts: PageParts): { paging: Paging; response: AnySchema } {
  const { kind, pageFields, items, item, extra } = parts;
  const paging = withWalk(
    { kind, items },
    {
      start: startState,
      checkLimits: checkPageLimits,
      load: () => import('./paging.js'),
      faults: { walkFaultError, checkpointMismatchError, shownPosition },
    },
  );
  return { paging, response: v.looseObject({ ...pageFields, [items]: v.array(item), ...extra }) };
}
