import { mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Every file imports the same server stack (the MCP SDK, core, the providers, the sandbox): unisolated, a
// worker imports it once for all the files it runs, not once per file. The files share no state: each starts
// its own gateways and servers and closes them, and a file that changes an environment variable puts it back.
// Two workers even on two cores (vitest's default there is one): most of the suite's time is spent waiting
// (on bounds, retries, a Redis that does not answer), and two files' waits overlap.
export default mergeConfig(shared, { test: { isolate: false, maxWorkers: 2 } });
