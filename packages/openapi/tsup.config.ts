import { packageBuild } from '../../config/tsup.js';

// One entry per subpath in package.json's `exports`.
export default packageBuild({ entry: { index: 'src/index.ts', gateway: 'src/gateway-components.ts' } });
