/**
 * Node's compile cache (V8 code compiled once, read back by later processes) for every process a test run
 * starts, imported first by the vitest configs: vitest's workers, and the `pdg`, `node` and `tsc` processes
 * the tests spawn, which inherit the variable; and the modules the importing process loads from then on. A
 * suite starts hundreds of processes that load the same modules (a `pdg queue …` loads BullMQ and Redis
 * clients, over a thousand files): each compiles them once per machine instead of once per process. The
 * cache lives with the checkout's installed modules (Node checks each entry against the source it was
 * compiled from); NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

const compileCache = fileURLToPath(new URL('../node_modules/.cache/node-compile-cache', import.meta.url));
process.env.NODE_COMPILE_CACHE = compileCache;
enableCompileCache(compileCache);
