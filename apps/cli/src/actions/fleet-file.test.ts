import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../cli/cli-error.js';
import { readFleetFile } from './fleet-file.js';

function fileWith(content: string): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'warden-fleetfile-'));
  writeFileSync(path.join(dir, 'jobs.json'), content);
  return { dir, file: 'jobs.json' };
}

function failure(content: string): string {
  const { dir, file } = fileWith(content);
  try {
    readFleetFile(file, dir);
  } catch (error) {
    if (CliError.isInstance(error)) return error.message;
    throw error;
  }
  throw new Error('expected an error');
}

describe('fleet file', () => {
  it('resolves workdirs against the file', () => {
    const { dir, file } = fileWith(JSON.stringify({ jobs: [{ name: 'a', workdir: 'sub', task: 't', mode: 'yolo' }] }));
    expect(readFleetFile(file, dir)).toEqual([{ name: 'a', workdir: path.join(dir, 'sub'), task: 't', mode: 'yolo' }]);
  });

  it('names what is wrong', () => {
    expect(failure('{')).toContain('not valid JSON');
    expect(failure('{"jobs":[]}')).toContain('jobs');
    expect(failure('{"jobs":[{"name":"a","workdir":".","task":"t","extra":1}]}')).toContain('jobs.0.extra');
    expect(failure('{"jobs":[{"name":"a","workdir":".","task":"t"},{"name":"a","workdir":".","task":"u"}]}')).toContain('two jobs are named "a"');
  });
});
