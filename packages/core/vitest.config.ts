import shared from '../../vitest.shared.js';

// Core's tests import its sources (`../src/...`) and define their own providers (test/providers.ts); tests
// that need the provider packages live in tests/providers.
export default shared;
