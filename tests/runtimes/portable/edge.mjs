// @ts-check
/**
 * The runtime matrix's calls in Vercel's Edge runtime (the `edge-runtime` package), as an edge function
 * answering `fetch` events: the gateway's URL comes in the request (`/?gateway=http://127.0.0.1:4010`), the
 * API key from `process.env.PDG_API_KEY`, which the Edge runtime fills from the project's environment
 * variables. Answers `ok edge-runtime: <what came back>`, or
 * `failed on edge-runtime: <error>` with status 500.
 */
import { exercise, runtime } from './calls.mjs';

/** @param {Request} request */
async function handle(request) {
  try {
    const gateway = new URL(request.url).searchParams.get('gateway') ?? '';
    const env = /** @type {{ process?: { env: Record<string, string | undefined> } }} */ (globalThis).process?.env;
    return new Response(`ok ${await runtime()}: ${await exercise(gateway, env?.PDG_API_KEY)}`);
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return new Response(`failed on ${await runtime()}: ${text}`, { status: 500 });
  }
}

addEventListener('fetch', (event) => {
  const fetchEvent = /** @type {Event & { request: Request, respondWith(response: Promise<Response>): void }} */ (
    event
  );
  fetchEvent.respondWith(handle(fetchEvent.request));
});
