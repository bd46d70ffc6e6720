import { packageBuild } from '../../tsup.shared.js';

export default packageBuild(['src/index.ts', 'src/transport.ts', 'src/catalog.ts', 'src/selection.ts', 'src/parameters.ts', 'src/record-replay.ts']);
