import { mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// Most files import the same stack (the MCP SDK and server, core, a provider, the mock gateway): unisolated,
// a worker imports it once for all the files it runs, not once per file. The files share no state: each
// starts its own hosted server (and Redis, browser) and closes it, and none changes the environment.
export default mergeConfig(shared, { test: { isolate: false } });
