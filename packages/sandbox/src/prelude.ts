/**
 * The program's side of the bridge, run inside the sandbox before the program: `pdg` and `console` as
 * frozen globals over the host functions it is called with, which are never globals themselves. Data
 * crosses as JSON text, so no host object ever reaches the program.
 *
 * It returns two functions the worker calls once the program has run, made from what the prelude captured
 * before the program could change any of it: `answer` (the program's value as JSON text) and `describe`
 * (an error as JSON text, each part cut to a short prefix inside the sandbox, so no long text is copied out).
 */
export const prelude = `(function (hostRun, hostOpen, hostNext, hostClose, hostLog, quotedChars) {
  'use strict';
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  // Captured before the program runs, so that what it changes later cannot lengthen a text copied out.
  const slice = Function.prototype.call.bind(String.prototype.slice);
  const toText = String;
  const digits = (count) => {
    let rest = '' + count;
    let grouped = '';
    while (rest.length > 3) {
      grouped = ',' + slice(rest, rest.length - 3) + grouped;
      rest = slice(rest, 0, rest.length - 3);
    }
    return rest + grouped;
  };
  const cut = (value) => {
    const whole = typeof value === 'string' ? value : toText(value);
    if (typeof whole !== 'string') return undefined;
    if (whole.length <= quotedChars) return whole;
    return slice(whole, 0, quotedChars) + '… (cut: ' + digits(whole.length) + ' characters in all)';
  };
  const part = (read) => {
    try {
      const value = read();
      return value === undefined ? undefined : cut(value);
    } catch {
      return undefined;
    }
  };
  const describe = (error) => {
    try {
      if (error === null || (typeof error !== 'object' && typeof error !== 'function')) return stringify({ message: part(() => error) });
      return stringify({
        name: part(() => error.name),
        message: part(() => error.message),
        stack: part(() => error.stack),
        code: part(() => error.code),
      });
    } catch {
      return stringify({ message: 'an error that could not be read' });
    }
  };
  const answer = (value) => (value === undefined ? undefined : stringify(value));
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
        let step;
        try {
          step = parse(await hostNext(id));
        } catch (error) {
          // A walk whose step failed is closed: its slot among the walks open at once is free again.
          finish();
          throw error;
        }
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
  return Object.freeze({ answer, describe });
})`;
