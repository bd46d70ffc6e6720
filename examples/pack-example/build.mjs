// The pack is plain ESM JavaScript, so "building" is copying src/ to dist/.
// A TypeScript pack would run tsup here instead (see README.md).
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = import.meta.dirname;
rmSync(join(root, 'dist'), { recursive: true, force: true });
mkdirSync(join(root, 'dist'), { recursive: true });
cpSync(join(root, 'src', 'pack.js'), join(root, 'dist', 'pack.js'));
