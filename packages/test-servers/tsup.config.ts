import { packageBuild } from '../../tsup.shared.js';

// Built (though never published) so plain node scripts — the bench — can import it.
export default packageBuild(['src/index.ts', 'src/bench.ts']);
