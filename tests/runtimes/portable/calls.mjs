// @ts-check
/**
 * The calls of the runtime matrix, the same on Node, Bun, Deno and in a browser: core and the jobs:jobboard
 * provider against a running mock gateway. Plain JavaScript, so that every runtime loads the file as it is
 * (Node 22.12 runs no TypeScript); `// @ts-check` has `tsc` check it against the SDK's types.
 */
import { createClient, isPdgError } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';

/**
 * Makes the calls against the gateway at `baseUrl` and resolves to a one-line summary of what came back;
 * rejects with an Error naming the check that failed. `apiKey` is how the runtime gives the key (a Worker's
 * `env` binding); without it, a made-up one.
 * @param {string} baseUrl
 * @param {string} [apiKey]
 * @returns {Promise<string>}
 */
export async function exercise(baseUrl, apiKey = 'made-up-key') {
  let sent = 0;
  /** @type {typeof fetch} */
  const countingFetch = (input, init) => {
    sent++;
    return fetch(input, init);
  };
  const pdg = createClient({ providers: [jobboard], baseUrl, apiKey, retry: 0, fetch: countingFetch });

  // One call.
  const page = await pdg.run('jobs:jobboard', 'browse', { country: 'SG', limit: 3 });
  check(page.page === 1 && page.items.length === 3, `browse: page ${page.page} with ${page.items.length} jobs`);

  // A param the schema refuses: an INVALID_PARAMS error naming it, and no request.
  const sentBefore = sent;
  const refused = await failure(pdg.run('jobs:jobboard', 'browse', { country: 'SG', limit: 500 }));
  check(isPdgError(refused) && refused.code === 'INVALID_PARAMS', `limit 500: ${describe(refused)}`);
  check(/\blimit\b/.test(refused.message), `limit 500: the message does not name limit: ${refused.message}`);
  check(sent === sentBefore, `limit 500: ${sent - sentBefore} request(s) sent`);

  // A walk over several pages, one request a page: the SG listing the fixtures describe is 9 jobs, 4 a page (not the
  // first call's 3, which a browser would answer from its cache).
  const walkFrom = sent;
  /** @type {Map<string, string>} */
  const titles = new Map();
  for await (const job of pdg.items('jobs:jobboard', 'browse', { country: 'SG', limit: 4 }, { maxItems: 50 })) {
    check(job.jobId, `items(): a job without a jobId: ${JSON.stringify(job)}`);
    titles.set(job.jobId, job.title ?? '');
  }
  const pages = sent - walkFrom;
  check(titles.size === 9 && pages === 3, `items(): ${titles.size} distinct jobs over ${pages} pages`);

  // The last job walked, opened by its id (a path param).
  const [jobId, title] = [...titles].at(-1) ?? ['', ''];
  const job = await pdg.run('jobs:jobboard', 'job', { jobId });
  check(job.title === title, `job ${jobId}: "${job.title}", the listing said "${title}"`);

  // A 429 with Retry-After, asked of the mock: the error says when to retry (a browser must be let read it).
  const busy = await failure(
    pdg.run('jobs:jobboard', 'job', { jobId }, { headers: { 'x-pdg-mock-fault': '429;retry-after=7' } }),
  );
  check(isPdgError(busy) && busy.code === 'RATE_LIMITED', `429: ${describe(busy)}`);
  check(busy.status === 429 && busy.retryAfter === 7, `429: status ${busy.status}, retryAfter ${busy.retryAfter}`);

  return [
    `browse ${page.items.length} jobs`,
    'limit 500 refused unsent',
    `items() ${titles.size} jobs over ${pages} pages`,
    `job "${job.title}"`,
    `429 RATE_LIMITED retryAfter ${busy.retryAfter}`,
  ].join('; ');
}

/**
 * The runtime and its version, such as `node 22.12.0`, `bun 1.4.5`, `deno 2.9.6`, `chromium 156.0.8078.79`;
 * `edge-runtime` and `workerd` alone.
 * @returns {Promise<string>}
 */
export async function runtime() {
  const runtimes = /** @type {{ Bun?: { version: string }, Deno?: { version: { deno: string } } }} */ (globalThis);
  // Bun and Deno say they are Node too (process.versions.node): asked first.
  if (runtimes.Bun) return `bun ${runtimes.Bun.version}`;
  if (runtimes.Deno) return `deno ${runtimes.Deno.version.deno}`;
  // Vercel's Edge runtime names itself in a global; Cloudflare's workerd in the user agent. Neither says its
  // version there: the test reads it from the package and the binary.
  if (typeof (/** @type {{ EdgeRuntime?: unknown }} */ (globalThis).EdgeRuntime) === 'string') return 'edge-runtime';
  if (typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers') return 'workerd';
  if (typeof process !== 'undefined' && process.versions?.node) return `node ${process.versions.node}`;
  // The user-agent string gives the major version only (156.0.0.0); client hints give the whole of it.
  const hints = /** @type {{ userAgentData?: UserAgentData }} */ (navigator).userAgentData;
  const brands = hints ? (await hints.getHighEntropyValues(['fullVersionList'])).fullVersionList : undefined;
  const chromium = brands?.find((brand) => brand.brand === 'Chromium');
  return chromium ? `chromium ${chromium.version}` : navigator.userAgent;
}

/**
 * What Chromium tells of itself through client hints (not in TypeScript's DOM types yet).
 * @typedef {{ getHighEntropyValues(hints: string[]): Promise<{ fullVersionList?: { brand: string, version: string }[] }> }} UserAgentData
 */

/**
 * @param {unknown} condition
 * @param {string} message
 * @returns {asserts condition}
 */
function check(condition, message) {
  if (!condition) throw new Error(`Check failed: ${message}`);
}

/**
 * What a call that must fail threw (an Error saying so when it did not fail).
 * @param {Promise<unknown>} call
 * @returns {Promise<unknown>}
 */
async function failure(call) {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('Check failed: a call that must fail succeeded');
}

/** @param {unknown} error */
function describe(error) {
  return isPdgError(error) ? `${error.code} ${error.message}` : String(error);
}
