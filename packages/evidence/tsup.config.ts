import { packageBuild } from '../../tsup.shared.js';

export default packageBuild(['src/index.ts', 'src/assertions.ts', 'src/testing.ts', 'src/probes.ts', 'src/report.ts', 'src/validation.ts']);
