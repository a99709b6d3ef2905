import { coreVersionDefine } from '../../config/core-version.js';
import { packageBuild } from '../../config/tsup.js';

// One entry per subpath in package.json's `exports`.
export default packageBuild({
  entry: {
    index: 'src/index.ts',
    provider: 'src/provider-entry.ts',
    describe: 'src/describe-entry.ts',
    face: 'src/face-entry.ts',
    fixtures: 'src/fixtures/index.ts',
    cache: 'src/cache-entry.ts',
    'rate-limit': 'src/rate-limit-entry.ts',
    otel: 'src/otel-entry.ts',
  },
  // The version named in the User-Agent (src/call/user-agent.ts).
  define: coreVersionDefine(),
});
