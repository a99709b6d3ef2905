import { packageBuild } from '../../config/tsup.js';

// One entry per subpath in package.json's `exports`.
export default packageBuild({ entry: ['src/index.ts', 'src/responder.ts'] });
