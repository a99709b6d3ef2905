// `@pdg/core/rate-limit`: the API key's rate limit, opt-in, so a client without one carries none of it.

export type { RateLimitEvent } from './call/hooks.js';
export type { ClientRateLimit } from './call/layers.js';
export { createRateLimit, type RateLimitOptions } from './layers/rate-limit.js';
export type { StoreErrorEvent } from './layers/store-guard.js';
