/**
 * The program's side of the bridge, run inside the sandbox before the program: `pdg` and `console` as
 * frozen globals over the host functions it is called with, which are never globals themselves. Data
 * crosses as JSON text, so no host object ever reaches the program.
 */
export const prelude = `(function (hostRun, hostOpen, hostNext, hostClose, hostLog) {
  'use strict';
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const text = (value) => {
    if (typeof value === 'string') return value;
    try {
      const json = stringify(value);
      return json === undefined ? String(value) : json;
    } catch {
      return String(value);
    }
  };
  const whole = (name, value) => {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      throw new TypeError(name + ' must be a whole number >= 1 (received ' + text(value) + ')');
    }
    return value;
  };
  // A walk the host keeps (core's page walk, or core's item walk), stepped one value at a time.
  const walk = (kind, provider, endpoint, params, options) => {
    const id = hostOpen(String(provider), String(endpoint), stringify(params === undefined ? {} : params), stringify(options), kind);
    let finished = false;
    const finish = () => {
      if (!finished) {
        finished = true;
        hostClose(id);
      }
    };
    return Object.freeze({
      [Symbol.asyncIterator]() {
        return this;
      },
      async next() {
        if (finished) return { done: true, value: undefined };
        const step = parse(await hostNext(id));
        if (step.done) finish();
        return step;
      },
      async return(value) {
        finish();
        return { done: true, value };
      },
    });
  };
  const pages = (provider, endpoint, params, options) =>
    walk('pages', provider, endpoint, params, options === undefined ? {} : options);
  // Opened on the first next(), as a generator body runs: a bad maxItems is thrown there.
  async function* items(provider, endpoint, params, options) {
    const { maxItems, ...rest } = options === undefined ? {} : options;
    whole('maxItems', maxItems);
    yield* walk('items', provider, endpoint, params, maxItems === undefined ? rest : { ...rest, maxItems });
  }
  const pdg = Object.freeze({
    run: async (provider, endpoint, params) =>
      parse(await hostRun(String(provider), String(endpoint), stringify(params === undefined ? {} : params))),
    pages,
    items,
    toArray: async (iterable) => {
      const out = [];
      for await (const value of iterable) out.push(value);
      return out;
    },
  });
  const line = (level) => (...values) => hostLog(level, values.map(text).join(' '));
  const console = Object.freeze({
    log: line('log'),
    info: line('info'),
    warn: line('warn'),
    error: line('error'),
    debug: line('debug'),
  });
  Object.defineProperty(globalThis, 'pdg', { value: pdg, enumerable: false, writable: false, configurable: false });
  Object.defineProperty(globalThis, 'console', { value: console, enumerable: false, writable: false, configurable: false });
})`;

/**
 * The program run to its answer as JSON text (or undefined): stringified inside the sandbox, under its
 * memory bound, so the host only copies out text of a size it has checked.
 */
export function entry(program: string): string {
  return `(async () => { const answer = await ${program}(); return answer === undefined ? undefined : JSON.stringify(answer); })()`;
}
