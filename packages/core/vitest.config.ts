import { mergeConfig } from 'vitest/config';
import { coreVersionDefine } from '../../config/core-version.js';
import shared from '../../vitest.shared.js';

// Core's tests import its sources (`../src/...`) and define their own providers (test/providers.ts); tests
// that need the provider packages live in tests/providers. The version is written in as the build does.
export default mergeConfig(shared, { define: coreVersionDefine() });
