/**
 * `pnpm bench` for @pdg/core. Every figure is a ratio to a baseline measured in the same run:
 * - size: a one-call client bundled with ky and valibot, against the same call written by hand with
 *   ky and valibot (esbuild, minified, gzipped): as one file (browser, ESM, no splitting), and split as an
 *   app bundler splits `import()` (what loads before the first call);
 * - speed: run() through the whole pipeline against a stub fetch, against the hand-written ky + valibot
 *   call on the same stub, so the ratio is the pipeline's own cost.
 */
import { readFileSync } from 'node:fs';
import ky from 'ky';
import * as v from 'valibot';
import {
  checkResponse,
  createClient,
  defineEndpoint,
  defineProvider,
  integerParam,
  optional,
  record,
  stringParam,
} from '../dist/index.js';
import { type Bundle, bundleSize } from './bundle-size.ts';
import { tracedClient } from './traced-client.ts';

/** The entry bundled (see bundle-size.ts: one file, or `split`), with core from its dist or its sources. */
function bundle(entry: string, core: string, split = false): Promise<Bundle> {
  return bundleSize(new URL(entry, import.meta.url).pathname, {
    split,
    alias: {
      '@pdg/core': new URL(core, import.meta.url).pathname,
      '@pdg/core/cache': new URL(core.replace(/index\.(js|ts)$/, 'cache.js'), import.meta.url).pathname,
      '@pdg/core/rate-limit': new URL(core.replace(/index\.(js|ts)$/, 'rate-limit.js'), import.meta.url).pathname,
    },
  });
}

/** The one-call client's cap as one file, from size-budget.json (tests/repo's size test holds it). */
const oneFileBudget = (
  JSON.parse(readFileSync(new URL('../../../size-budget.json', import.meta.url), 'utf8')) as {
    budgets: { entry: string; split?: boolean; gzipBytes: number }[];
  }
).budgets.find(
  (budget) => budget.entry === 'packages/core/bench/one-call-client.js' && budget.split !== true,
)?.gzipBytes;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;

/** `node_modules/.pnpm/ky@2.1.0/node_modules/ky/distribution/x.js` → `ky`; a core source stays `src/x.ts`. */
const packageOf = (path: string) =>
  /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? '@pdg/core';

function composition(inputs: Readonly<Record<string, number>>): {
  byPackage: [string, number][];
  bySource: [string, number][];
} {
  const byPackage = new Map<string, number>();
  const bySource: [string, number][] = [];
  for (const [path, bytes] of Object.entries(inputs)) {
    if (bytes === 0) continue;
    const name = path.startsWith('bench/') ? 'the app (one-call-client.js)' : packageOf(path);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytes);
    if (name === '@pdg/core') bySource.push([path.replace(/^.*?src\//, 'src/'), bytes]);
  }
  const order = (a: [string, number], b: [string, number]) => b[1] - a[1];
  return { byPackage: [...byPackage].sort(order), bySource: bySource.sort(order) };
}

const oneFile = await bundle('./one-call-client.js', '../dist/index.js');
const baseOneFile = await bundle('./baseline-client.js', '../dist/index.js');
console.log('size, one file (esbuild --bundle --minify --platform=browser --format=esm, no splitting; gzip -9)');
console.log(
  `  one-call pdg client:        ${kb(oneFile.minified)} min, ${oneFile.gzipped} B gzip (budget <= ${oneFileBudget} B, size-budget.json)`,
);
console.log(`  hand-written ky + valibot:  ${kb(baseOneFile.minified)} min, ${baseOneFile.gzipped} B gzip`);
console.log(`  ratio (gzip):               ${(oneFile.gzipped / baseOneFile.gzipped).toFixed(2)}x`);
console.log(`  pdg's own share (gzip):     ${oneFile.gzipped - baseOneFile.gzipped} B`);
const pdgSize = await bundle('./one-call-client.js', '../dist/index.js', true);
const baseSize = await bundle('./baseline-client.js', '../dist/index.js', true);
console.log('size, split (esbuild --bundle --minify --splitting, gzip -9 per chunk; what loads before the first call)');
console.log(`  one-call pdg client:        ${kb(pdgSize.minified)} min, ${kb(pdgSize.gzipped)} gzip`);
console.log(`  hand-written ky + valibot:  ${kb(baseSize.minified)} min, ${kb(baseSize.gzipped)} gzip`);
console.log(`  ratio (gzip):               ${(pdgSize.gzipped / baseSize.gzipped).toFixed(2)}x (target <= 1.25x)`);
console.log(`  pdg's own share (gzip):     ${kb(pdgSize.gzipped - baseSize.gzipped)}`);
const layered = await bundle('./cached-client.js', '../dist/index.js', true);
const layeredGrowth = layered.gzipped - pdgSize.gzipped;
console.log(
  `  with createCache + createRateLimit (lru-cache): ${kb(layered.minified)} min, ${kb(layered.gzipped)} gzip (+${kb(layeredGrowth)}; ${(layered.gzipped / pdgSize.gzipped).toFixed(2)}x the one-call client)`,
);
// By file, from the sources (the dist's chunks do not say): the same code esbuild builds the dist from.
const fromSource = await bundle('./one-call-client.js', '../src/index.ts');
const { byPackage, bySource } = composition(fromSource.inputs);
const valibotBase = composition(baseOneFile.inputs).byPackage.find(([name]) => name === 'valibot')?.[1] ?? 0;
console.log('  composition of the one-call client as one file, minified bytes by package:');
for (const [name, bytes] of byPackage) {
  const note = name === 'valibot' ? ` (the hand-written call: ${kb(valibotBase)})` : '';
  console.log(`    ${name.padEnd(34)} ${kb(bytes).padStart(9)}${note}`);
}
console.log('  @pdg/core by source file:');
for (const [path, bytes] of bySource) console.log(`    ${path.padEnd(34)} ${kb(bytes).padStart(9)}`);

const body = JSON.stringify({
  items: Array.from({ length: 20 }, (_, index) => ({ id: `b${index}`, title: `Book ${index}`, year: 2000 + index })),
});
/** A stub fetch answering every request with `text` as JSON. */
const answering = (text: string) => async () => new Response(text, { headers: { 'content-type': 'application/json' } });
const stubFetch = answering(body);

const shelf = defineProvider({
  id: 'books:shelf',
  description: 'Books.',
  endpoints: {
    search: defineEndpoint({
      path: 'search',
      description: 'Search books.',
      params: v.strictObject({
        q: stringParam('words'),
        limit: optional(integerParam('page size', { min: 1, max: 50 })),
      }),
      response: v.looseObject({ items: v.array(record({ id: v.string(), title: v.string() })) }),
    }),
  },
});
const pdg = createClient({
  providers: [shelf],
  apiKey: 'bench-key',
  baseUrl: 'https://bench.pdg.test',
  fetch: stubFetch,
});

const params = v.strictObject({ q: v.string(), limit: v.optional(v.pipe(v.number(), v.minValue(1), v.maxValue(50))) });
const response = v.looseObject({
  items: v.array(v.looseObject({ id: v.nullish(v.string()), title: v.nullish(v.string()) })),
});
const api = ky.create({ fetch: stubFetch, headers: { 'x-api-key': 'bench-key' } });

const viaPdg = () => pdg.run('books:shelf', 'search', { q: 'tides', limit: 5 });
const byHand = async () =>
  v.parse(
    response,
    await api
      .get('https://bench.pdg.test/v1/books:shelf/search', { searchParams: v.parse(params, { q: 'tides', limit: 5 }) })
      .json(),
  );

async function timeOf(call: () => Promise<unknown>, count: number): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < count; index++) await call();
  return performance.now() - started;
}

/** A full collection before a round (node --expose-gc), so no round pays for the garbage of the one before. */
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();
const calls = 1_000;
const pairs = 21;
await timeOf(viaPdg, 300);
await timeOf(byHand, 300);
/**
 * Many short rounds in pairs, the order flipped each pair (`measured` first, then `baseline` first) so drift
 * in the machine's load falls on both sides alike. The figure is the median of the pairs' ratios: one slow
 * round (a GC, another process) moves a best-of figure, not a median. Times per call in µs.
 */
async function pairedRounds(measured: () => Promise<unknown>, baseline: () => Promise<unknown>, count = calls) {
  const ratios: number[] = [];
  const perCall = { measured: [] as number[], baseline: [] as number[] };
  for (let pair = 0; pair < pairs; pair++) {
    const first = pair % 2 === 0 ? measured : baseline;
    const second = first === measured ? baseline : measured;
    collectGarbage();
    const a = await timeOf(first, count);
    collectGarbage();
    const b = await timeOf(second, count);
    const [measuredTime, baselineTime] = first === measured ? [a, b] : [b, a];
    ratios.push(measuredTime / baselineTime);
    perCall.measured.push((measuredTime / count) * 1000);
    perCall.baseline.push((baselineTime / count) * 1000);
  }
  return { ratios, perCall };
}
const { ratios, perCall } = await pairedRounds(viaPdg, byHand);
/** The value a fraction `q` of the way up the sorted values (0.5: the median). */
const quantile = (values: number[], q: number) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length * q)] ?? Number.NaN;
console.log(`\nspeed (${calls} calls against a stub fetch per round, ${pairs} pairs of rounds, median)`);
console.log(`  run() through the pipeline: ${quantile(perCall.measured, 0.5).toFixed(1)} µs a call`);
console.log(`  hand-written ky + valibot:  ${quantile(perCall.baseline, 0.5).toFixed(1)} µs a call`);
console.log(
  `  ratio:                      ${quantile(ratios, 0.5).toFixed(2)}x (target <= 1.10x; middle half of the pairs ${quantile(ratios, 0.25).toFixed(2)}-${quantile(ratios, 0.75).toFixed(2)}x)`,
);

// The same call with `telemetry: openTelemetry()` and the OpenTelemetry SDK recording every span and metric
// (bench/traced-client.ts), against the client without telemetry: paired rounds, the order flipped each pair.
const traced = await tracedClient(stubFetch, shelf);
const viaTraced = () => traced.run('books:shelf', 'search', { q: 'tides', limit: 5 });
await timeOf(viaTraced, 300);
const { ratios: tracedRatios, perCall: tracedPerCall } = await pairedRounds(viaTraced, viaPdg);
const offMedian = quantile(tracedPerCall.baseline, 0.5);
const onMedian = quantile(tracedPerCall.measured, 0.5);
console.log(`\ntelemetry (${calls} calls a round, ${pairs} pairs, median; the OpenTelemetry SDK recording in memory)`);
console.log(`  run(), no telemetry:        ${offMedian.toFixed(1)} µs a call`);
console.log(
  `  run(), openTelemetry():     ${onMedian.toFixed(1)} µs a call (+${(onMedian - offMedian).toFixed(1)} µs)`,
);
console.log(
  `  ratio:                      ${quantile(tracedRatios, 0.5).toFixed(2)}x (middle half of the pairs ${quantile(tracedRatios, 0.25).toFixed(2)}-${quantile(tracedRatios, 0.75).toFixed(2)}x)`,
);

// Validation of a 1 MB page, as step 7 runs it (`checkResponse`: the schema's checker, pipeline/response-checker.ts,
// its records built by `record()`), against `JSON.parse` of the same body: the cost a large page adds after
// parsing. Beside it, valibot's own `parse` of the same schema (how step 7 ran before the checker), and of
// valibot's plain loose objects of `nullish` fields, which keep nulls. Paired rounds, the order flipped each
// pair, the median ratio.
const fieldNames = ['url', 'title', 'author', 'snippet', 'community', 'thumbnail', 'slug', 'threadId'];
const countNames = ['created', 'totalViews', 'totalReplies', 'imageCount'];
const pageItem = (index: number) => ({
  ...Object.fromEntries(fieldNames.map((name) => [name, index % 7 === 0 ? null : `${name}-${index}-lorem-ipsum`])),
  ...Object.fromEntries(countNames.map((name) => [name, index % 5 === 0 ? null : index * 3])),
  isSticky: index % 2 === 0,
});
const bigPage = { page: 1, hasMore: true, threads: [] as unknown[] };
while (JSON.stringify(bigPage).length < 1_000_000) bigPage.threads.push(pageItem(bigPage.threads.length));
const pageText = JSON.stringify(bigPage);
const entries = {
  ...Object.fromEntries(fieldNames.map((name) => [name, v.string()])),
  ...Object.fromEntries(countNames.map((name) => [name, v.number()])),
  isSticky: v.boolean(),
};
const pageSchema = (item: v.GenericSchema) =>
  v.looseObject({ page: v.number(), hasMore: v.boolean(), threads: v.array(item) });
const withRecord = pageSchema(record(entries));
const plainNullish = pageSchema(
  v.looseObject(Object.fromEntries(Object.entries(entries).map(([name, schema]) => [name, v.nullish(schema)]))),
);
const pageWork = {
  parse: () => JSON.parse(pageText),
  checker: () => {
    const result = checkResponse(withRecord, bigPage);
    if (!result.success) throw new Error('the bench page does not pass its schema');
  },
  record: () => v.parse(withRecord, bigPage),
  nullish: () => v.parse(plainNullish, bigPage),
};
const timeWork = (work: () => unknown, count: number) => {
  const started = performance.now();
  for (let index = 0; index < count; index++) work();
  return performance.now() - started;
};
const pagesPerRound = 5;
for (const work of Object.values(pageWork)) timeWork(work, pagesPerRound);
const pageRatios = { checker: [] as number[], record: [] as number[], nullish: [] as number[] };
const msPerPage = { parse: [] as number[], checker: [] as number[], record: [] as number[], nullish: [] as number[] };
for (let pair = 0; pair < pairs; pair++) {
  const order =
    pair % 2 === 0
      ? (['parse', 'checker', 'record', 'nullish'] as const)
      : (['nullish', 'record', 'checker', 'parse'] as const);
  const times: Record<string, number> = {};
  for (const name of order) {
    collectGarbage();
    times[name] = timeWork(pageWork[name], pagesPerRound) / pagesPerRound;
    msPerPage[name].push(times[name]);
  }
  pageRatios.checker.push((times.checker ?? 0) / (times.parse ?? 1));
  pageRatios.record.push((times.record ?? 0) / (times.parse ?? 1));
  pageRatios.nullish.push((times.nullish ?? 0) / (times.parse ?? 1));
}
const megabytes = pageText.length / 1_000_000;
console.log(
  `\nvalidation of a ${megabytes.toFixed(2)} MB page (${bigPage.threads.length} records; ${pairs} rounds of ${pagesPerRound} pages each, median)`,
);
console.log(`  JSON.parse of the body:            ${quantile(msPerPage.parse, 0.5).toFixed(2)} ms a page`);
const median = (values: number[]) => quantile(values, 0.5).toFixed(2);
const spread = (values: number[]) => `${quantile(values, 0.25).toFixed(2)}-${quantile(values, 0.75).toFixed(2)}x`;
console.log(`  step 7 (checkResponse):            ${median(msPerPage.checker)} ms a page`);
console.log(`  valibot's parse of the same schema: ${median(msPerPage.record)} ms a page (step 7 before its checker)`);
console.log(`  valibot, plain nullish fields:      ${median(msPerPage.nullish)} ms a page (nulls kept)`);
console.log(
  `  ratio to JSON.parse:               ${median(pageRatios.checker)}x (target <= 1.3x; middle half ${spread(pageRatios.checker)}); valibot's parse ${median(pageRatios.record)}x (middle half ${spread(pageRatios.record)}), plain nullish fields ${median(pageRatios.nullish)}x`,
);

// A call of the same 1 MB page through a client with an `afterResponse` hook, against one without: the hook is
// handed the parsed body, which core first searches for the API key (a body that echoes it is handed over
// redacted). A harvest's request-id recorder is such a hook, on every page of a walk. Paired rounds, the order
// flipped each pair.
const forum = defineProvider({
  id: 'forum:bench',
  description: 'Threads.',
  endpoints: {
    threads: defineEndpoint({
      path: 'threads',
      description: 'A page of threads.',
      params: v.strictObject({}),
      response: withRecord,
    }),
  },
});
const pageClient = (hooks: Parameters<typeof createClient>[0]['hooks']) =>
  createClient({
    providers: [forum],
    apiKey: 'bench-key-0123',
    baseUrl: 'https://bench.pdg.test',
    fetch: answering(pageText),
    ...(hooks === undefined ? {} : { hooks }),
  });
const hooked = pageClient({ afterResponse: () => undefined });
const plain = pageClient(undefined);
const viaHooked = () => hooked.run('forum:bench', 'threads', {});
const viaPlain = () => plain.run('forum:bench', 'threads', {});
await timeOf(viaHooked, 5);
await timeOf(viaPlain, 5);
const { ratios: hookRatios, perCall: hookPerCall } = await pairedRounds(viaHooked, viaPlain, pagesPerRound);
console.log(
  `\nan afterResponse hook on a ${megabytes.toFixed(2)} MB page (${pairs} pairs of ${pagesPerRound} calls, median)`,
);
console.log(`  run(), no hook:               ${(quantile(hookPerCall.baseline, 0.5) / 1000).toFixed(2)} ms a call`);
console.log(`  run(), an afterResponse hook: ${(quantile(hookPerCall.measured, 0.5) / 1000).toFixed(2)} ms a call`);
console.log(
  `  ratio:                        ${quantile(hookRatios, 0.5).toFixed(2)}x (middle half of the pairs ${quantile(hookRatios, 0.25).toFixed(2)}-${quantile(hookRatios, 0.75).toFixed(2)}x)`,
);
