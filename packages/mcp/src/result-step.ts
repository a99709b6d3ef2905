/**
 * The one step every tool result passes through before it is sent, whichever tool made it and whether it
 * is an answer or an error: the key redacted, an error's code said once, and the whole result held to
 * `maxResultBytes`. A refused call's message may quote what it received (a 1 MB param, a 200 KB field path,
 * a program's 3 MB error), in its text, its structured content and its issues: all of it is counted, and
 * cut here, so no tool needs a bound of its own to keep the promise.
 *
 * A result's size is the UTF-8 bytes of its JSON, texts and structured content together; a text that is the
 * structured content's JSON (what MCP asks a tool to send beside structured content, for clients that read
 * text only) is the same answer twice and is counted once.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cutToSize, describeCuts, jsonBytes } from './cut-to-size.js';
import { errorText, type ToolErrorFields } from './errors.js';
import type { ResolvedLimits } from './limits.js';

/** Characters a cut text keeps at least: enough to say what it was. */
const shortestKept = 100;

/** Room kept for the note saying what a cut answer left out. */
const noteRoom = 400;

/** Keeps the key out of a value: the client's own redaction (`endpointsOf(client).redact`), in every form of it. */
export type Redact = <T>(value: T) => T;

/**
 * The result as sent: redacted by `redact` (the redaction of the client whose key the call spent), its
 * error's code once, and at most `limits.maxResultBytes` in all.
 */
export function finishedResult(result: CallToolResult, limits: ResolvedLimits, redact: Redact): CallToolResult {
  const redacted = redact(result);
  const error = errorOf(redacted);
  const shaped = error === undefined ? redacted : errorResult(codeOnce(error), redacted);
  const max = limits.maxResultBytes;
  if (resultBytes(shaped) <= max) return shaped;
  const cut = error === undefined ? cutAnswer(shaped, max) : cutError(codeOnce(error), shaped, max);
  return resultBytes(cut) <= max ? cut : uncuttable(resultBytes(shaped), max);
}

/** What is sent when a result cannot be cut to the bound (a value made of very many short parts): why, in short. */
function uncuttable(bytes: number, max: number): CallToolResult {
  const message = `The result would be ${bytes.toLocaleString('en-US')} bytes, over the ${max.toLocaleString('en-US')} result limit, and cannot be cut to it. Ask for less, or raise limits.maxResultBytes.`;
  const error: ToolErrorFields = { code: 'INVALID_RESPONSE', message };
  return { isError: true, content: [{ type: 'text', text: errorText(error) }], structuredContent: { error } };
}

/** An answer as every tool that returns JSON sends it: the JSON as text, and as structured content. */
export function answerResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** UTF-8 bytes of the result's JSON, a text that repeats the structured content counted once (see above). */
export function resultBytes(result: CallToolResult): number {
  const structured = result.structuredContent === undefined ? undefined : JSON.stringify(result.structuredContent);
  const content = result.content.map((block) =>
    block.type === 'text' && block.text === structured ? { ...block, text: '' } : block,
  );
  return jsonBytes({ ...result, content });
}

/** The structured error of a tool error (`{ error: { code, message, ... } }`), if it has one. */
function errorOf(result: CallToolResult): ToolErrorFields | undefined {
  if (!result.isError) return undefined;
  const error = (result.structuredContent as { error?: unknown } | undefined)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' ? (error as ToolErrorFields) : undefined;
}

/** The error with its message not starting with its own code (`INVALID_PARAMS: INVALID_PARAMS: ...`). */
function codeOnce(error: ToolErrorFields): ToolErrorFields {
  const prefix = `${error.code}: `;
  let { message } = error;
  while (message.startsWith(prefix)) message = message.slice(prefix.length);
  return message === error.message ? error : { ...error, message };
}

/** The tool error saying `error`: its text made from it, its structured content holding it. */
function errorResult(error: ToolErrorFields, result: CallToolResult): CallToolResult {
  return {
    ...result,
    content: [{ type: 'text', text: errorText(error) }],
    structuredContent: { ...result.structuredContent, error },
  };
}

/** The text's first `kept` characters, marked as cut, with the length it had. */
function cutText(text: string, kept: number): string {
  if (text.length <= kept) return text;
  return `${text.slice(0, kept)}… (cut: ${text.length.toLocaleString('en-US')} characters in all)`;
}

/** The value with every text in it longer than `kept` characters cut to its first `kept`. */
function textsCut<T>(value: T, kept: number): T {
  if (typeof value === 'string') return cutText(value, kept) as T;
  if (Array.isArray(value)) return value.map((item) => textsCut(item, kept)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, textsCut(field, kept)])) as T;
}

/** The longest text in the value, in characters. */
function longestText(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 0;
  return Object.values(value).reduce<number>((longest, field) => Math.max(longest, longestText(field)), 0);
}

/**
 * The largest whole number from `low` to `high` for which `fits` holds, `fits` being true up to some number
 * and false past it; `low` when it holds for none.
 */
function largestFitting(low: number, high: number, fits: (n: number) => boolean): number {
  let [good, bad] = [low, high + 1];
  if (fits(high)) return high;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (fits(middle)) good = middle;
    else bad = middle;
  }
  return good;
}

/**
 * A tool error cut to `max`: every text in it (the message, which the text repeats, the gateway's message,
 * each issue's path and message) cut to one length, the longest that fits; when even short texts do not
 * fit, the last issues are left out and counted. The code is never cut.
 */
function cutError(error: ToolErrorFields, result: CallToolResult, max: number): CallToolResult {
  // No text longer than the whole bound can be kept: cut to it first, so that each trial below is small.
  const bounded = textsCut(error, max);
  const withTexts = (kept: number, issues = bounded.issues) =>
    errorResult(
      {
        ...textsCut({ ...bounded, issues }, kept),
        ...(issues === bounded.issues ? {} : { issuesLeftOut: (bounded.issues?.length ?? 0) - (issues?.length ?? 0) }),
      },
      result,
    );
  const fits = (candidate: CallToolResult) => resultBytes(candidate) <= max;
  const kept = largestFitting(shortestKept, Math.max(shortestKept, longestText(bounded)), (n) => fits(withTexts(n)));
  const cut = withTexts(kept);
  if (fits(cut) || !Array.isArray(bounded.issues)) return cut;
  const issues = bounded.issues;
  const count = largestFitting(0, issues.length, (n) => fits(withTexts(shortestKept, issues.slice(0, n))));
  return withTexts(shortestKept, issues.slice(0, count));
}

/**
 * An answer over `max` (a program's answer, a search's matches; an endpoint's own answer is fitted where it
 * is made, see call.ts): its texts cut to one length, the longest that fits, and when short texts are still
 * too much, its structured content cut by `cutToSize`; a note says what was left out.
 */
function cutAnswer(result: CallToolResult, max: number): CallToolResult {
  const room = max - noteRoom;
  const structured = result.structuredContent;
  const repeated = structured === undefined ? undefined : JSON.stringify(structured);
  const withTexts = (kept: number, value = structured): CallToolResult => {
    const cutValue = value === undefined ? undefined : textsCut(value, kept);
    return {
      ...result,
      content: result.content.map((block) => {
        if (block.type !== 'text') return block;
        if (block.text === repeated) return { ...block, text: JSON.stringify(cutValue) };
        return { ...block, text: cutText(block.text, kept) };
      }),
      ...(cutValue === undefined ? {} : { structuredContent: cutValue }),
    };
  };
  const fits = (candidate: CallToolResult) => resultBytes(candidate) <= room;
  const longest = Math.max(longestText(structured), ...result.content.map(longestText));
  const kept = largestFitting(shortestKept, Math.max(shortestKept, longest), (n) => fits(withTexts(n)));
  let cut = withTexts(kept);
  let note = `Cut to fit ${max.toLocaleString('en-US')} bytes: texts longer than ${kept.toLocaleString('en-US')} characters keep their first ${kept.toLocaleString('en-US')}.`;
  if (!fits(cut) && structured !== undefined) {
    const shortened = withTexts(shortestKept);
    const others = resultBytes({ ...shortened, structuredContent: {} });
    const trimmed = cutToSize(shortened.structuredContent, Math.max(0, room - others), 'result');
    cut = withTexts(shortestKept, trimmed.value as Record<string, unknown>);
    note = `Cut to fit ${max.toLocaleString('en-US')} bytes: ${describeCuts(trimmed.cuts)}; texts keep their first ${shortestKept} characters. Ask for less.`;
  }
  return { ...cut, content: [...cut.content, { type: 'text', text: note.slice(0, noteRoom - 50) }] };
}
