// @ts-check
/**
 * The runtime matrix's calls from a terminal, as they are on every runtime:
 *
 *   node portable/check.mjs http://127.0.0.1:4010
 *   bun portable/check.mjs http://127.0.0.1:4010
 *   deno run --allow-net=127.0.0.1 --allow-read portable/check.mjs http://127.0.0.1:4010
 *
 * The argument is a running mock gateway (`pdg mock --port 4010`). Prints `ok <runtime> <version>: <what
 * came back>`, or the failed check on stderr with exit code 1.
 */
import { exercise, runtime } from './calls.mjs';

const baseUrl = process.argv[2];
if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
  console.error(
    `Usage: <runtime> portable/check.mjs <mock gateway URL>, such as http://127.0.0.1:4010 (received ${baseUrl ?? 'nothing'}).`,
  );
  process.exit(2);
}
try {
  console.log(`ok ${await runtime()}: ${await exercise(baseUrl)}`);
} catch (error) {
  console.error(
    `failed on ${await runtime()}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
}
