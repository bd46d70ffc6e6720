// What the numbers were measured on: machine, Node, load, git revision, package versions.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { LOOP_DRIVERS } from '../drivers/registry.mjs';
import { PACKAGES } from '../suites/packages.mjs';
import { versionOf } from './versions.mjs';

function git(args) {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function describeMachine() {
  const cpus = os.cpus();
  const versions = {};
  for (const [name] of PACKAGES) versions[name] = versionOf(name);
  for (const d of LOOP_DRIVERS) if (d.pkg !== 'node') versions[d.pkg] = versionOf(d.pkg);
  for (const extra of ['@ai-sdk/openai', '@langchain/core', '@langchain/openai', 'zod']) versions[extra] = versionOf(extra);
  return {
    date: new Date().toISOString(),
    sha: git(['rev-parse', '--short', 'HEAD']) ?? 'nogit',
    dirty: (git(['status', '--porcelain']) ?? '').length > 0,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    memoryGB: Math.round(os.totalmem() / 1e8) / 10,
    loadAverageAtStart: os.loadavg().map((v) => Math.round(v * 100) / 100),
    versions,
  };
}
