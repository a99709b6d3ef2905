import { packageBuild } from '../../config/tsup.js';

export default packageBuild({ entry: ['src/index.ts'] });
