// `@pdg/core/rate-limit`: the API key's rate limit, opt-in, so a client without one carries none of it.

export type { RateLimitEvent } from './hooks.js';
export type { ClientRateLimit } from './layers.js';
export { createRateLimit, type RateLimitOptions } from './rate-limit.js';
export type { StoreErrorEvent } from './store-guard.js';
