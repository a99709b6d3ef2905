// @ts-check
/**
 * The runtime matrix's calls in a Cloudflare Worker (a module worker, run by workerd): the gateway's URL and
 * the API key arrive as the Worker's `env` bindings (`PDG_BASE_URL`, `PDG_API_KEY`), since a Worker has no
 * `process.env`. Answers each request with `ok workerd: <what came back>`, or `failed on workerd: <error>`
 * with status 500.
 */
import { exercise, runtime } from './calls.mjs';

export default {
  /**
   * @param {Request} _request
   * @param {{ PDG_BASE_URL: string, PDG_API_KEY: string }} env
   */
  async fetch(_request, env) {
    try {
      return new Response(`ok ${await runtime()}: ${await exercise(env.PDG_BASE_URL, env.PDG_API_KEY)}`);
    } catch (error) {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      return new Response(`failed on ${await runtime()}: ${text}`, { status: 500 });
    }
  },
};
