// `@pdg/core/cache`: the response cache, opt-in, so a client without one carries none of it.

export type { CacheEvent, CacheOutcome } from './call/hooks.js';
export type { CacheCallOption, ClientCache } from './call/layers.js';
export { type CacheOptions, type CacheStore, createCache } from './layers/cache.js';
export type { StoreErrorEvent } from './layers/store-guard.js';
export { cacheKey } from './schema/call-identity.js';
