import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as web from '../src/index.js';

describe('public surface', () => {
  it('package name, exports keys and dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/web');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@mozilla/readability', '@readme/openapi-parser', '@warden/protocol', 'linkedom', 'turndown', 'yaml']);
    // The browser driver is optional: loaded on first use, with a typed error naming the install.
    expect(pkg.peerDependenciesMeta).toEqual({ 'playwright-core': { optional: true } });
  });

  it('runtime exports', () => {
    expect(Object.keys(web).sort()).toEqual([
      'SEARCH_ENGINE_ENV', 'UNTRUSTED_NOTE', 'WEB_ERROR_CODES', 'WebError', 'addressPolicy', 'braveEngine', 'createBrowser', 'declaredEffectClass', 'domainMatches', 'duckDuckGoEngine',
      'engineFailure', 'enginesFromEnv', 'exaEngine', 'functionEngine', 'googleEngine', 'guardedRequest', 'httpEngine', 'isPrivateAddress', 'openapiTools', 'readableText',
      'searxngEngine', 'tavilyEngine', 'webFetch', 'webFetchTool', 'webSearch', 'webSearchTool', 'webTools',
    ]);
  });
});
