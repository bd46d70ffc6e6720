import { join } from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import { dependencyDirection } from '../eslint/dependency-direction.js';
import { repoRoot } from '../workspace-packages.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const lib = (pkg: string, file = 'thing.ts') => `/repo/packages/${pkg}/src/${file}`;

tester.run('warden/dependency-direction', dependencyDirection, {
  valid: [
    { filename: lib('tools'), code: "import { ToolError } from '@warden/protocol';" },
    { filename: lib('tools'), code: "import { scriptedProvider } from '@warden/protocol/testing';" },
    { filename: lib('tools'), code: "import { jail } from './path-jail.js';" },
    { filename: lib('tools', 'mcp/client.ts'), code: "import { jail } from '../path-jail.js';" },
    { filename: lib('tools'), code: "import ignore from 'ignore';" },
    { filename: lib('tools', 'jail.test.ts'), code: "import { createAgent } from '@warden/core';" },
    { filename: '/repo/packages/tools/test/integration.test.ts', code: "import { createAgent } from '@warden/core';" },
    { filename: '/repo/apps/cli/src/harness.ts', code: "import { createAgent } from '@warden/core'; import { createGate } from '@warden/governance';" },
    { filename: '/repo/examples/demo/main.ts', code: "import { createAgent } from '@warden/core';" },
    { filename: '/repo/bench/src/loop.ts', code: "import { createAgent } from '@warden/core';" },
    { filename: lib('pack-containment'), code: "import { createAgent } from '@warden/core'; import { definePack } from '@warden/evidence';" },
    { filename: lib('governance'), code: "import { loadShellAnalyzer } from '@warden/shell-policy';" },
    { filename: lib('shell-policy'), code: "import { PolicyError } from '@warden/protocol';" },
    { filename: lib('media'), code: "import { createHttpTransport } from '@warden/providers/transport';" },
  ],
  invalid: [
    { filename: lib('tools'), code: "import { createAgent } from '@warden/core';", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('tools'), code: "export { createAgent } from '@warden/core';", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('tools'), code: "export * from '@warden/sessions';", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('tools'), code: "const m = await import('@warden/governance');", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('tools'), code: "const m = require('@warden/providers');", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('core'), code: "import { workspaceTools } from '@warden/tools';", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('core'), code: "import { x } from '@warden/cli';", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('tools'), code: "import { loop } from '../../core/src/loop.js';", errors: [{ messageId: 'leavesPackage' }] },
    { filename: lib('evidence'), code: "import { createGate } from '@warden/governance';", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('pack-containment'), code: "import { openSessionStore } from '@warden/sessions';", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('shell-policy'), code: "import { createGate } from '@warden/governance';", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('governance'), code: "import { createAgent } from '@warden/core';", errors: [{ messageId: 'forbiddenPackage' }] },
    { filename: lib('media'), code: "import { createAgent } from '@warden/core';", errors: [{ messageId: 'forbiddenPackage' }] },
  ],
});

describe('the repository ESLint config', () => {
  it('fails an import of @warden/core inside packages/tools/src (what `pnpm lint` runs)', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const [result] = await eslint.lintText("import { createAgent } from '@warden/core';\nexport const agent = createAgent;\n", {
      filePath: join(repoRoot, 'packages/tools/src/index.ts'),
    });
    const rules = result!.messages.map((m) => m.ruleId);
    expect(rules).toContain('warden/dependency-direction');
    expect(result!.errorCount).toBeGreaterThan(0);
  });

  it('fails console.log in a library package but not in the CLI', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const [lib] = await eslint.lintText('console.log("hi");\nexport {};\n', { filePath: join(repoRoot, 'packages/protocol/src/index.ts') });
    const [cli] = await eslint.lintText('console.log("hi");\nexport {};\n', { filePath: join(repoRoot, 'apps/cli/src/index.ts') });
    expect(lib!.messages.map((m) => m.ruleId)).toContain('no-console');
    expect(cli!.messages.map((m) => m.ruleId)).not.toContain('no-console');
  });
});
