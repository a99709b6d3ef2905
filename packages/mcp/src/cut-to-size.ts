/**
 * Results cut to a size: a model reads a tool's result into its context, so a large answer is cut, and
 * what was left out is said. Sizes are UTF-8 bytes of compact JSON text, what the text rendering holds.
 */

const encoder = new TextEncoder();

/** UTF-8 bytes of a text. */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).byteLength;
}

/** UTF-8 bytes of the value's compact JSON text. */
export function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : utf8Bytes(text);
}

/**
 * One part of a value that was cut: an array to its first `kept` items, a text to its first `kept`
 * characters, or (when nothing else is left to cut) an object to its first `kept` fields.
 */
export interface Cut {
  /** Where: `result.items`, `firstPage.thread.body`. */
  readonly path: string;
  readonly kept: number;
  readonly of: number;
  readonly unit: 'items' | 'characters' | 'fields';
}

export interface CutValue {
  readonly value: unknown;
  readonly cuts: readonly Cut[];
}

/** Texts shorter than this are never cut: cutting them would save little and lose their sense. */
const shortestCutText = 200;

/** Rounds of cutting before giving up on a value made of many small parts (each round cuts the largest). */
const maxRounds = 100;

/**
 * The value cut to at most `maxBytes` of JSON: the largest array is cut to its first items, or the largest
 * text to its first characters, and again, until it fits; arrays keep whole items. Only when neither is
 * left, the largest object loses its last fields. `path` names the value in the cuts it reports.
 */
export function cutToSize(value: unknown, maxBytes: number, path: string): CutValue {
  let size = jsonBytes(value);
  if (size <= maxBytes) return { value, cuts: [] };
  // JSON data from a parsed body: a deep copy through JSON keeps it exactly, and leaves the caller's intact.
  const root = { value: JSON.parse(JSON.stringify(value)) as unknown };
  const cuts = new Map<string, Cut>();
  for (let round = 0; round < maxRounds && size > maxBytes; round++) {
    const target = largestCuttable(root, 'value', path);
    if (!target) break;
    const over = size - maxBytes;
    const node = target.parent[target.key];
    if (Array.isArray(node)) {
      const of = cuts.get(target.path)?.of ?? node.length;
      let dropped = 0;
      while (node.length > 0 && dropped < over) dropped += jsonBytes(node.pop()) + 1;
      cuts.set(target.path, { path: target.path, kept: node.length, of, unit: 'items' });
    } else if (typeof node === 'object' && node !== null) {
      const fields = node as Record<string, unknown>;
      const names = Object.keys(fields);
      const of = cuts.get(target.path)?.of ?? names.length;
      let dropped = 0;
      while (names.length > 0 && dropped < over) {
        const name = names.pop() as string;
        dropped += jsonBytes(name) + 2 + jsonBytes(fields[name]);
        delete fields[name];
      }
      cuts.set(target.path, { path: target.path, kept: names.length, of, unit: 'fields' });
    } else {
      const text = node as string;
      const of = cuts.get(target.path)?.of ?? text.length;
      // Each character dropped is at least one byte; `…` adds three.
      const kept = Math.max(0, text.length - over - 3);
      target.parent[target.key] = `${text.slice(0, kept)}…`;
      cuts.set(target.path, { path: target.path, kept, of, unit: 'characters' });
    }
    size = jsonBytes(root.value);
  }
  return { value: root.value, cuts: [...cuts.values()] };
}

interface Target {
  readonly parent: Record<string | number, unknown>;
  readonly key: string | number;
  readonly path: string;
  readonly bytes: number;
}

/**
 * The largest array with items, or text long enough to cut, anywhere in `parent[key]`; failing both, the
 * object whose fields hold the bulk of it.
 */
function largestCuttable(
  parent: Record<string | number, unknown>,
  key: string | number,
  path: string,
): Target | undefined {
  let best: Target | undefined;
  const visit = (holder: Record<string | number, unknown>, at: string | number, where: string): number => {
    const node = holder[at];
    let bytes: number;
    if (Array.isArray(node)) {
      bytes = 2 + Math.max(0, node.length - 1);
      node.forEach((_, index) => {
        bytes += visit(node as unknown as Record<number, unknown>, index, `${where}[${index}]`);
      });
      if (node.length > 0 && (!best || bytes > best.bytes)) best = { parent: holder, key: at, path: where, bytes };
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node).filter(([, child]) => child !== undefined);
      bytes = 2 + Math.max(0, entries.length - 1);
      for (const [name] of entries) {
        bytes += jsonBytes(name) + 1 + visit(node as Record<string, unknown>, name, `${where}${member(name)}`);
      }
    } else {
      bytes = jsonBytes(node);
      if (typeof node === 'string' && node.length > shortestCutText && (!best || bytes > best.bytes)) {
        best = { parent: holder, key: at, path: where, bytes };
      }
    }
    return bytes;
  };
  visit(parent, key, path);
  return best ?? bulkyObject(parent, key, path);
}

/**
 * From `parent[key]` down, the first object none of whose fields holds more than half its bytes: cutting
 * its last fields leaves the most of what the value says (the root's last field may be nearly all of it).
 */
function bulkyObject(parent: Record<string | number, unknown>, key: string | number, path: string): Target | undefined {
  let holder = parent;
  let at = key;
  let where = path;
  for (;;) {
    const node = holder[at];
    if (node === null || typeof node !== 'object' || Array.isArray(node) || Object.keys(node).length === 0) {
      return undefined;
    }
    const bytes = jsonBytes(node);
    const [name, size] = Object.entries(node)
      .filter(([, child]) => child !== null && typeof child === 'object' && !Array.isArray(child))
      .map(([field, child]) => [field, jsonBytes(child)] as const)
      .reduce<readonly [string | undefined, number]>(
        (largest, entry) => (entry[1] > largest[1] ? entry : largest),
        [undefined, 0],
      );
    if (name === undefined || size * 2 <= bytes) return { parent: holder, key: at, path: where, bytes };
    holder = node as Record<string, unknown>;
    at = name;
    where = `${where}${member(name)}`;
  }
}

/** `.name`, or `["odd name"]` for a key that is not a plain identifier. */
function member(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

/** Cuts a note names, and characters of each path it shows: a note stays short whatever was cut. */
const describedCuts = 5;
const longestShownPath = 120;

/** `result.items keeps 40 of 300 items; result.text keeps 2,000 of 9,000 characters` (the first five cuts). */
export function describeCuts(cuts: readonly Cut[]): string {
  const number = (value: number) => value.toLocaleString('en-US');
  const path = (text: string) => (text.length <= longestShownPath ? text : `${text.slice(0, longestShownPath)}…`);
  const shown = cuts
    .slice(0, describedCuts)
    .map((cut) => `${path(cut.path)} keeps ${number(cut.kept)} of ${number(cut.of)} ${cut.unit}`);
  if (cuts.length > describedCuts) shown.push(`and ${number(cuts.length - describedCuts)} more cuts`);
  return shown.join('; ');
}
