// `@pdg/core/cache`: the response cache, opt-in, so a client without one carries none of it.
export { type CacheOptions, type CacheStore, createCache } from './cache.js';
export { cacheKey } from './call-identity.js';
export type { CacheEvent, CacheOutcome } from './hooks.js';
export type { CacheCallOption, ClientCache } from './layers.js';
export type { StoreErrorEvent } from './store-guard.js';
