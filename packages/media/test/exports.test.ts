import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as media from '../src/index.js';

describe('public surface', () => {
  it('package name, exports keys and dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/media');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@warden/protocol', '@warden/providers']);
  });

  it('runtime exports', () => {
    expect(Object.keys(media).sort()).toEqual([
      'MEDIA_ERROR_CODES',
      'MediaError',
      'decodeWav',
      'deepgramSpeech',
      'encodeWav',
      'fakeImages',
      'geminiImages',
      'imageGenerator',
      'imageTools',
      'inspectImage',
      'mediaBudget',
      'openaiImages',
      'openaiSpeech',
      'replicateImages',
      'replicateProgress',
      'sineWave',
      'sniffAudio',
      'sniffImage',
      'solidPng',
      'speechPipeline',
      'voiceTools',
    ]);
  });
});
