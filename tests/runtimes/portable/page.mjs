// @ts-check
/**
 * The runtime matrix's calls in a web page, bundled for the browser by esbuild: the page's address names the
 * gateway (`/?gateway=http://127.0.0.1:4010`), and the outcome is written into `#result` (`ok <runtime>
 * <version>: <what came back>`, or `failed on <runtime> <version>: <error>`), with `data-state="done"` or
 * `"failed"` once known.
 */
import { isPdgError } from '@pdg/core';
import { exercise, runtime } from './calls.mjs';

const result = /** @type {HTMLElement} */ (document.querySelector('#result'));
const gateway = new URL(location.href).searchParams.get('gateway') ?? '';

try {
  const summary = await exercise(gateway);
  result.textContent = `ok ${await runtime()}: ${summary}`;
  result.dataset.state = 'done';
} catch (error) {
  // A PdgError leads with its code (NETWORK when the browser refused the gateway's answer).
  const code = isPdgError(error) ? `${error.code} ` : '';
  result.textContent = `failed on ${await runtime()}: ${code}${error instanceof Error ? error.message : String(error)}`;
  result.dataset.state = 'failed';
}
