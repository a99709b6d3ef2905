/**
 * Validation of a 1 MB jobs:jobboard browse page (the fixture's jobs repeated) with the endpoint's own
 * response schema as step 7 checks it (`checkResponse`), and with valibot's `parse` alone, against
 * `JSON.parse` of the same body in the same run: best of 7 rounds of 20 pages. Prints one JSON line of
 * milliseconds a page.
 */
import { readFileSync } from 'node:fs';
import { checkResponse } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import * as v from 'valibot';

const fixture = JSON.parse(
  readFileSync(new URL('../../packages/providers/jobs-jobboard/fixtures/browse/sg.json', import.meta.url), 'utf8'),
);
const jobs = fixture.response.items as Record<string, unknown>[];
const page = { ...fixture.response, items: [] as unknown[] };
for (let index = 0; JSON.stringify(page).length < 1_000_000; index++) {
  const job = jobs[index % jobs.length] as Record<string, unknown>;
  page.items.push({ ...job, jobId: `${String(job.jobId)}-${index}` });
}
const text = JSON.stringify(page);
const schema = jobboard.endpoints.browse.response;

function best(work: () => void, pages = 20, rounds = 7): number {
  for (let warm = 0; warm < 5; warm++) work();
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let index = 0; index < pages; index++) work();
    fastest = Math.min(fastest, (performance.now() - started) / pages);
  }
  return fastest;
}

const body = JSON.parse(text);
const parse = best(() => JSON.parse(text));
const validate = best(() => {
  if (!checkResponse(schema, body).success) throw new Error('the bench page does not pass its schema');
});
const valibot = best(() => v.parse(schema, body));
console.log(JSON.stringify({ megabytes: text.length / 1_000_000, items: page.items.length, parse, validate, valibot }));
