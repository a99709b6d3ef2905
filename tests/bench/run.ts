/**
 * `pnpm bench` across packages. Every figure is given as a ratio to a baseline measured in the same run;
 * each measurement runs in a process of its own (see the files named below), so one cannot warm or
 * burden another. Targets are those of the size-and-speed work; a figure past its target is marked.
 */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
// The figures `node mock.ts rps` prints, as it defines them (a type: nothing of mock.ts runs here).
import type { Rps } from './mock.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const measure = <T>(args: readonly string[]): T =>
  JSON.parse(execFileSync(process.execPath, args, { cwd: here, encoding: 'utf8' }).trim().split('\n').at(-1) as string);

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (value: number, target?: number) =>
  `${value.toFixed(2)}x${target === undefined ? '' : value <= target ? ` (target <= ${target}x)` : ` (OVER the target of ${target}x)`}`;

console.log('memory: live heap after full collections (memory.ts, node --expose-gc)');
const pdgCalls = measure<{ before: number; after: number }>(['--expose-gc', 'memory.ts', 'calls', 'pdg']);
const kyCalls = measure<{ before: number; after: number }>(['--expose-gc', 'memory.ts', 'calls', 'ky']);
console.log(`  2 s after 20,000 calls on a stub fetch: pdg ${mb(pdgCalls.after)}, ky alone ${mb(kyCalls.after)}`);
console.log(`  ratio:                                   ${ratio(pdgCalls.after / kyCalls.after, 1.2)}`);
const walk = measure<{ before: number; after: number; items: number; peak: number }>([
  '--expose-gc',
  'memory.ts',
  'walk',
]);
const growth = walk.after / walk.before - 1;
console.log(
  `  items() over ${walk.items.toLocaleString('en')} items (1 KB each): ${mb(walk.before)} before, ${mb(walk.after)} after (${(growth * 100).toFixed(1)}%, target within 10%${Math.abs(growth) <= 0.1 ? '' : ': OVER'}); at most ${mb(walk.peak)} during the walk`,
);

console.log('\nvalidation of a 1 MB jobs:jobboard page with its response schema (validation.ts)');
const validation = measure<{ megabytes: number; items: number; parse: number; validate: number; valibot: number }>([
  'validation.ts',
]);
console.log(`  JSON.parse of the body:   ${ms(validation.parse)} a page`);
console.log(
  `  validation of the parsed: ${ms(validation.validate)} a page (${validation.items} jobs; step 7, checkResponse)`,
);
console.log(`  ratio:                    ${ratio(validation.validate / validation.parse, 1.3)}`);
console.log(
  `  valibot's parse alone:    ${ms(validation.valibot)} a page, ${(validation.valibot / validation.parse).toFixed(2)}x (step 7 before its checker)`,
);

console.log(
  '\nmock gateway against a bare node:http server sending the same bytes, each in a process of its own, driven by autocannon at 16 connections (mock.ts)',
);
const rps = measure<{ listing: Rps; detail: Rps; load: { before: number; after: number } }>(['mock.ts', 'rps']);
const atLeast = (value: number, target: number) =>
  `${value.toFixed(2)}x${value >= target ? ` (target >= ${target}x)` : ` (UNDER the target of ${target}x)`}`;
for (const [name, figures] of [
  ['listing page', rps.listing],
  ['detail', rps.detail],
] as const) {
  console.log(
    `  ${name} (${(figures.bytes / 1024).toFixed(1)} KB body, ${figures.headBytes} B head): mock ${Math.round(figures.mock)} requests/s, bare ${Math.round(figures.bare)}; ratio (median of 3 interleaved rounds of 10 s each) ${atLeast(figures.ratio, 0.85)}`,
  );
  if (figures.cpuRatio !== undefined) {
    console.log(
      `    CPU time per request: mock ${figures.mockCpuMicros?.toFixed(0)} µs, bare ${figures.bareCpuMicros?.toFixed(0)} µs; ratio (median of the rounds) ${ratio(figures.cpuRatio, 1.15)}`,
    );
  }
  const each = (values: readonly (number | undefined)[]) => values.map((value) => value?.toFixed(2) ?? '-').join(', ');
  console.log(
    `    each round, mock to bare: requests/s ${each(figures.rounds.map((round) => round.rps))}; CPU per request ${each(figures.rounds.map((round) => round.cpu))}`,
  );
  if (figures.steadyCpuRatio !== undefined) {
    console.log(
      `    CPU time per request at a steady 1,000 requests/s to each: ratio ${ratio(figures.steadyCpuRatio, 1.15)} (rounds ${each(figures.steadyRounds ?? [])})`,
    );
  }
}
console.log(
  `  machine load (1-minute average) ${rps.load.before.toFixed(1)} before, ${rps.load.after.toFixed(1)} after, on ${availableParallelism()} cores: requests per second follow it, CPU time per request far less`,
);
const pages = measure<{
  httpPage1: number;
  httpPage50: number;
  httpRatio: number;
  newPage1Ms: number;
  newPage50Ms: number;
}>(['mock.ts', 'pages']);
const within = (value: number) =>
  `${value.toFixed(2)}x${Math.abs(value - 1) <= 0.1 ? ' (target within 10%)' : ' (OUTSIDE the 10% target)'}`;
console.log(
  `  page 50 against page 1 of a 100,000-item listing: ${Math.round(pages.httpPage50)} against ${Math.round(pages.httpPage1)} requests/s, ratio ${within(pages.httpRatio)}`,
);
console.log(
  `  a page not made before, in process: page 50 ${pages.newPage50Ms.toFixed(3)} ms, page 1 ${pages.newPage1Ms.toFixed(3)} ms, ratio ${within(pages.newPage50Ms / pages.newPage1Ms)}`,
);

console.log('\nCLI cold start, median of 15 rounds, each command once a round (cli-start.ts)');
const start = measure<{
  ms: { node: number; kyValibot: number; providers: number; runMock: number };
  providersToKyValibot: number;
  runMockToKyValibot: number;
  providersToNode: number;
  runMockToNode: number;
}>(['cli-start.ts']);
console.log(`  node -e 0:                     ${ms(start.ms.node)}`);
console.log(`  node importing ky and valibot: ${ms(start.ms.kyValibot)}`);
console.log(
  `  pdg providers:                 ${ms(start.ms.providers)}: ${ratio(start.providersToKyValibot, 1.2)} ky + valibot, ${ratio(start.providersToNode)} node -e 0`,
);
console.log(
  `  pdg run jobs:jobboard browse --mock: ${ms(start.ms.runMock)}: ${ratio(start.runMockToKyValibot, 1.3)} ky + valibot, ${ratio(start.runMockToNode)} node -e 0 (one provider, its fixtures and the mock gateway load here)`,
);

console.log('\ntype-check, tsc --extendedDiagnostics (typecheck.ts)');
interface Figures {
  providers: number;
  calls: number;
  instantiations: number;
  checkSeconds: number;
  memoryKb: number;
}
const types = measure<{ one: Figures; all: Figures; noCalls: Figures; completion: { ms: number; entries: number } }>([
  'typecheck.ts',
]);
for (const [label, figures] of [
  ['one provider, every endpoint called', types.one],
  ['all providers, every endpoint called', types.all],
  ['all providers, no call', types.noCalls],
] as const) {
  console.log(
    `  ${label.padEnd(38)} ${String(figures.calls).padStart(3)} calls ${figures.instantiations.toLocaleString('en').padStart(8)} instantiations, check ${figures.checkSeconds.toFixed(2)} s, ${Math.round(figures.memoryKb / 1024)} MB`,
  );
}
const perCall = (types.all.instantiations - types.noCalls.instantiations) / types.all.calls;
console.log(
  `  instantiations a call:          ${Math.round(perCall)} (target <= 1,200${perCall <= 1200 ? '' : ': OVER'})`,
);
console.log(
  `  all providers, every endpoint:  ${types.all.instantiations.toLocaleString('en')} (target <= 300,000${types.all.instantiations <= 300_000 ? '' : ': OVER'}); ${ratio(types.all.instantiations / types.one.instantiations)} the one-provider consumer, check time ${ratio(types.all.checkSeconds / types.one.checkSeconds)}`,
);
console.log(`  completion of an endpoint name: ${ms(types.completion.ms)} (${types.completion.entries} names offered)`);
