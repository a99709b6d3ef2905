import { packageBuild } from '../../config/tsup.js';

// A command, not a library: no declarations; `bin/pdg.js` imports the bundle.
export default packageBuild({
  entry: ['src/cli.ts'],
  dts: false,
  banner: { js: '#!/usr/bin/env node' },
});
