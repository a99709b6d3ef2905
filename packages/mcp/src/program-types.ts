/**
 * The declaration a code-mode program is checked against: `pdg` (run, items, pages, toArray) and `console`,
 * typed by a map of provider id → endpoint name → params and result, written from the served endpoints'
 * JSON Schemas (endpoint-types.ts). Written as plain object types rather than loaded from the provider
 * packages' emitted `.d.ts`, which type each endpoint through valibot's generic types: those would make the
 * compiler load valibot's declarations and infer every schema for each check, and would name types a model
 * never saw in `search_docs`.
 */
import { endpointTypes } from './endpoint-types.js';
import type { PdgTool } from './tools.js';

/** The declaration file's text. */
export function programDeclaration(endpoints: readonly PdgTool[]): string {
  const aliases: string[] = [];
  const run = new Map<string, string[]>();
  const walk = new Map<string, string[]>();
  for (const tool of endpoints) {
    const types = endpointTypes(tool);
    const params = `${types.name}Params`;
    const result = types.resultName;
    aliases.push(`type ${params} = ${types.paramsText};`, `type ${result} = ${types.resultText};`);
    const paramsArg = `params${types.paramsOptional ? '?' : ''}: ${params}`;
    const key = JSON.stringify(tool.endpointName);
    entriesOf(run, tool.provider).push(`${key}: { args: [${paramsArg}]; result: ${result} };`);
    if (tool.endpoint.paging && types.itemText !== undefined) {
      aliases.push(`type ${types.name}Item = ${types.itemText};`);
      entriesOf(walk, tool.provider).push(
        `${key}: { items: [${paramsArg}, options?: PdgItemsOptions]; pages: [${paramsArg}, options?: PdgPagesOptions]; item: ${types.name}Item; page: ${result} };`,
      );
    }
  }
  return [
    ...aliases,
    mapText('PdgRun', run),
    mapText('PdgWalk', walk),
    'type PdgItemsOptions = { maxItems?: number; maxPages?: number };',
    'type PdgPagesOptions = { maxPages?: number };',
    'type PdgPart<T, K extends string> = T extends { [key in K]: infer V } ? V : never;',
    'type PdgArgs<T, K extends string> = T extends { [key in K]: infer A extends unknown[] } ? A : never;',
    'interface Pdg {',
    '  run<P extends keyof PdgRun, E extends keyof PdgRun[P]>(provider: P, endpoint: E, ...params: PdgArgs<PdgRun[P][E], "args">): Promise<PdgPart<PdgRun[P][E], "result">>;',
    '  items<P extends keyof PdgWalk, E extends keyof PdgWalk[P]>(provider: P, endpoint: E, ...rest: PdgArgs<PdgWalk[P][E], "items">): AsyncIterable<PdgPart<PdgWalk[P][E], "item">>;',
    '  pages<P extends keyof PdgWalk, E extends keyof PdgWalk[P]>(provider: P, endpoint: E, ...rest: PdgArgs<PdgWalk[P][E], "pages">): AsyncIterable<PdgPart<PdgWalk[P][E], "page">>;',
    '  toArray<T>(iterable: AsyncIterable<T>): Promise<T[]>;',
    '}',
    'declare const pdg: Pdg;',
    'declare const console: { log(...values: any[]): void; info(...values: any[]): void; warn(...values: any[]): void; error(...values: any[]): void; debug(...values: any[]): void };',
    '',
  ].join('\n');
}

function entriesOf(map: Map<string, string[]>, provider: string): string[] {
  let entries = map.get(provider);
  if (!entries) {
    entries = [];
    map.set(provider, entries);
  }
  return entries;
}

function mapText(name: string, map: ReadonlyMap<string, readonly string[]>): string {
  const providers = [...map].map(
    ([provider, entries]) => `  ${JSON.stringify(provider)}: {\n    ${entries.join('\n    ')}\n  };`,
  );
  return `interface ${name} {\n${providers.join('\n')}\n}`;
}
