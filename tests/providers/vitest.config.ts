import shared from '../../vitest.shared.js';

// The provider packages' sources are imported as they are (test/fuzz.test.ts finds them in the workspace);
// their `@pdg/core` is the built package, the same one this package's tests import.
export default shared;
