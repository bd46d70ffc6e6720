import { checkSessionStore, jsonlSessionStore } from '@warden/sessions';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTranslator } from '../i18n/load-catalog.js';
import { describeRedisPersistence, describeStoreCheckStep } from './describe-store-check.js';

describe('describeStoreCheckStep', () => {
  it("words the failed step of a real store check in the run's language, with its values", async () => {
    const store = jsonlSessionStore({ dir: mkdtempSync(join(tmpdir(), 'warden-check-')) });
    // A store that acknowledges appends it never keeps fails at load with version 1.
    const broken = { ...store, append: () => Promise.resolve({ version: 2 }) };
    const failed = (await checkSessionStore(broken)).steps.find((step) => !step.ok)!;
    expect(describeStoreCheckStep(failed, await loadTranslator('fr'))).toBe('charger: version 1 chargée, la version 2 était attendue');
    expect(describeStoreCheckStep(failed, await loadTranslator('en'))).toBe('load: loaded version 1, expected 2');
  });

  it("keeps the library's English for a step without a code (an older library) or with missing values", async () => {
    const es = await loadTranslator('es');
    expect(describeStoreCheckStep({ step: 'list', ok: false, detail: 'older text' }, es)).toBe('listar por propietario: older text');
    expect(describeStoreCheckStep({ step: 'list', ok: false, detail: 'no values', code: 'store_check.list_count' }, es)).toBe('listar por propietario: no values');
  });
});

describe('describeRedisPersistence', () => {
  it('says what a Redis crash can lose in every language, with the setting it names', async () => {
    const hi = await loadTranslator('hi');
    expect(describeRedisPersistence({ code: 'redis.aof_os', params: { appendfsync: 'no' }, summary: 'x' }, hi)).toContain('appendfsync no');
    const es = await loadTranslator('es');
    expect(describeRedisPersistence({ code: 'redis.aof_off', summary: 'AOF is off' }, es)).toMatch(/^AOF está desactivado/);
  });
});
