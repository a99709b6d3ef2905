/**
 * Calls made from an OpenAPI document alone, as a user reading it would make them: for each operation its
 * required params, then each optional one in turn, every enum value, numbers inside their bounds, words
 * for free text. A value is taken from the document (its example, its default, its enum) where it gives
 * one; `known` supplies values the document cannot (ids that exist, strings of a stated form).
 */

/** A parameter as the document states it (the parts a generator reads). */
interface DocumentParam {
  readonly name: string;
  readonly in: 'query' | 'path';
  readonly required?: boolean;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, { value?: unknown }>>;
  readonly schema?: ParamSchema;
}

interface ParamSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly items?: ParamSchema;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly default?: unknown;
  readonly pattern?: string;
  readonly example?: unknown;
  readonly examples?: readonly unknown[];
}

export interface OpenApiDocument {
  readonly paths: Readonly<Record<string, { readonly get?: { readonly parameters?: readonly DocumentParam[] } }>>;
}

/** One generated call: the path with its path params filled in, and the query as it is sent. */
export interface GeneratedCall {
  readonly path: string;
  readonly template: string;
  readonly query: Readonly<Record<string, string>>;
}

/** Words for free text: nouns a user might search for, none of them the fixtures' own. */
const words = ['lamp', 'harbour', 'phone', 'river stone', 'quantum', 'AAPL', 'copper', 'winter light'];

export interface CallOptions {
  /** Values known to be of the right form for a param the document gives no example of: by param name. */
  readonly known?: (template: string, param: string) => readonly string[];
  /** How many calls at least per operation. */
  readonly atLeast: number;
}

/** The values the document suggests for a param, in order: its examples, default and enum first. */
function candidates(param: DocumentParam, options: CallOptions, template: string): string[] {
  const schema = param.schema ?? {};
  const found: unknown[] = [];
  if (param.example !== undefined) found.push(param.example);
  for (const entry of Object.values(param.examples ?? {})) if (entry.value !== undefined) found.push(entry.value);
  if (schema.example !== undefined) found.push(schema.example);
  found.push(...(schema.examples ?? []));
  const types = typeof schema.type === 'string' ? [schema.type] : [...(schema.type ?? [])];
  if (schema.enum) found.push(...schema.enum);
  else if (types.includes('array')) {
    const items = schema.items?.enum ?? schema.items?.examples;
    if (items && items.length > 0) {
      found.push(...items.map(String));
      if (items.length > 1) found.push(`${items[0]},${items[items.length - 1]}`);
    }
  } else if (types.includes('boolean')) found.push(true, false);
  else if (types.includes('integer') || types.includes('number')) {
    const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    const high = schema.maximum ?? (schema.exclusiveMaximum === undefined ? low + 40 : schema.exclusiveMaximum - 1);
    const whole = types.includes('integer');
    const middle = whole ? Math.floor((low + high) / 2) : (low + high) / 2;
    found.push(schema.default, low, high, middle, whole ? low + 1 : low + 0.5);
  }
  found.push(...(options.known?.(template, param.name) ?? []));
  // A cursor is a value a response gave, never free text.
  if (
    types.includes('string') &&
    !schema.enum &&
    schema.pattern === undefined &&
    param.in === 'query' &&
    param.name !== 'cursor'
  ) {
    found.push(...words);
  }
  if (schema.default !== undefined) found.push(schema.default);
  const texts = found
    .filter((value) => value !== undefined && value !== null)
    .map((value) => (Array.isArray(value) ? value.join(',') : String(value)));
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  return [...new Set(texts)].filter((text) => text !== '' && (!pattern || pattern.test(text)));
}

/**
 * The calls for one operation: required params (each with its first value), then each optional param added
 * alone with each of its values, then the required params' other values, until `atLeast` calls or none is
 * left. A required param with no value makes no call at all.
 */
export function callsFor(
  template: string,
  documented: readonly DocumentParam[],
  options: CallOptions,
): GeneratedCall[] {
  // Params the document leaves open (`type: object`, where the spec does not list them): any name is sent.
  const open = documented.some((param) => param.schema?.type === 'object');
  const params = documented.filter((param) => param.schema?.type !== 'object');
  const values = new Map(params.map((param) => [param, candidates(param, options, template)]));
  const required = params.filter((param) => param.required || param.in === 'path');
  if (required.some((param) => (values.get(param) ?? []).length === 0)) return [];
  const base = (turn: number) =>
    Object.fromEntries(
      required.map((param) => {
        const own = values.get(param) as string[];
        return [param.name, own[turn % own.length] as string];
      }),
    );
  const calls: Record<string, string>[] = [base(0)];
  for (const param of params.filter((entry) => !required.includes(entry))) {
    for (const value of values.get(param) ?? []) calls.push({ ...base(calls.length), [param.name]: value });
  }
  if (open) {
    for (const [index, name] of ['query', 'q', 'search', 'keyword'].entries()) {
      calls.push({ ...base(calls.length), [name]: words[index] as string });
    }
  }
  const widest = Math.max(1, ...required.map((param) => (values.get(param) ?? []).length));
  for (let turn = 1; calls.length < options.atLeast && turn < widest; turn++) calls.push(base(turn));
  const seen = new Set<string>();
  return calls
    .map((all) => {
      let path = template;
      const query: Record<string, string> = {};
      for (const [name, value] of Object.entries(all)) {
        const param = params.find((entry) => entry.name === name);
        if (param?.in === 'path') path = path.replace(`{${name}}`, encodeURIComponent(value));
        else query[name] = value;
      }
      return { path, template, query };
    })
    .filter((call) => {
      const key = `${call.path}?${new URLSearchParams(call.query)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Every operation's calls, by path template. */
export function callsOf(document: OpenApiDocument, options: CallOptions): Map<string, GeneratedCall[]> {
  const calls = new Map<string, GeneratedCall[]>();
  for (const [template, item] of Object.entries(document.paths)) {
    if (!item.get) continue;
    calls.set(template, callsFor(template, item.get.parameters ?? [], options));
  }
  return calls;
}
