import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolEffectClass } from '@warden/governance';
import { json, petstoreDocument, startFakePetstore, startServer, type FakePetstore } from '@warden/test-servers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiTools, WebError, type OpenApiToolset } from '../src/index.js';
import type { ToolContext, ToolOutput } from '@warden/protocol';

const TOKEN = 'pet-operator-token-4b1d9e77c2';
let store: FakePetstore;
let api: OpenApiToolset;
const ctx: ToolContext = { signal: new AbortController().signal, callId: 'c', runId: 'r', emit: () => undefined };

beforeAll(async () => {
  store = await startFakePetstore(TOKEN);
  api = await openapiTools(store.specUrl, { auth: { bearer: TOKEN } });
});
afterAll(() => store.close());

function tool(name: string): OpenApiToolset['tools'][number] {
  const found = api.tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function text(output: ToolOutput): string {
  return typeof output === 'string' ? output : JSON.stringify(output);
}

describe('openapiTools: one tool per operation', () => {
  it('reads the document from its URL, resolves $refs and lists what it skipped', () => {
    expect(api).toMatchObject({ title: 'Petstore', version: '1.0.0', baseUrl: `${store.url}/v1` });
    expect(api.tools.map((t) => t.name)).toEqual(['listPets', 'createPet', 'getPet', 'deletePet', 'whoAmI']);
    expect(api.skipped).toEqual([{ operation: 'uploadPhoto', reason: 'request body type multipart/form-data is not supported' }]);
    expect(tool('listPets').inputSchema).toEqual({
      type: 'object',
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'How many pets at most' },
        tag: { type: 'array', items: { type: 'string' } },
        'X-Request-Id': { type: 'string' },
      },
      additionalProperties: false,
    });
    // One parameter per body field, the $ref resolved; readOnly fields are not asked for.
    expect(tool('createPet').inputSchema).toEqual({
      type: 'object',
      properties: { name: { type: 'string', description: 'The pet\'s name' }, tag: { type: 'string', enum: ['cat', 'dog', 'fish'] } },
      required: ['name'],
      additionalProperties: false,
    });
    expect(tool('getPet').inputSchema).toMatchObject({ required: ['petId'] });
  });

  it('declares effects: GET reads, POST leaves (asks), DELETE destroys — as governance classifies them', () => {
    expect(tool('listPets').annotations).toEqual({ readOnly: true, openWorld: true, tags: ['effect:egress', 'openapi', 'petstore', 'read'] });
    expect(tool('listPets').permission).toBeUndefined();
    expect(tool('createPet').annotations).toEqual({ readOnly: false, mutating: true, openWorld: true, tags: ['effect:egress', 'openapi', 'petstore', 'write'] });
    expect(tool('createPet').permission).toBe('ask');
    expect(tool('deletePet').annotations).toMatchObject({ destructive: true, tags: ['effect:destructive', 'openapi', 'petstore', 'write'] });
    expect(toolEffectClass('createPet', tool('createPet').annotations)).toBe('egress');
    expect(toolEffectClass('deletePet', tool('deletePet').annotations)).toBe('destructive');
    expect(toolEffectClass('listPets', tool('listPets').annotations)).toBeUndefined();
  });

  it('puts arguments where the document says and sends the bearer token the operator gave', async () => {
    const listed = text(await tool('listPets').execute({ limit: 5, tag: ['cat', 'fish'], 'X-Request-Id': 'abc' }, ctx));
    expect(listed).toContain('"name": "Tom"');
    expect(listed).not.toContain('Rex');
    expect(store.calls.at(-1)).toMatchObject({ method: 'GET', path: '/v1/pets?limit=5&tag=cat&tag=fish', authorized: true });
    const created = text(await tool('createPet').execute({ name: 'Nemo', tag: 'fish' }, ctx));
    expect(created).toContain('HTTP 201');
    expect(JSON.parse(store.calls.at(-1)!.body)).toEqual({ name: 'Nemo', tag: 'fish' });
    // Path segments are escaped: `../whoami` stays one segment of /pets/{petId}.
    const escaped = await tool('getPet').execute({ petId: '../whoami' }, ctx);
    expect(store.calls.at(-1)!.path).toBe('/v1/pets/..%2Fwhoami');
    expect(escaped).toEqual({ content: 'getPet: HTTP 404: no pet with id ../whoami', isError: true });
  });

  it('never lets the credential out: not in a schema, and scrubbed from an answer that echoes it', async () => {
    expect(JSON.stringify(api.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations })))).not.toContain(TOKEN);
    expect(JSON.stringify(tool('listPets').inputSchema)).not.toMatch(/authorization/i);
    const echoed = text(await tool('whoAmI').execute({}, ctx));
    expect(store.calls.at(-1)!.authorized).toBe(true);
    expect(echoed).toContain('"youSent": "Bearer [redacted]"');
    expect(echoed).not.toContain(TOKEN);
  });

  it('a token function is called per request; a wrong token comes back as a readable tool error', async () => {
    let calls = 0;
    const rotating = await openapiTools(petstoreDocument(store.url), { auth: { bearer: () => `${TOKEN}-${++calls}` }, include: ['getPet'] });
    const answer = await rotating.tools[0]!.execute({ petId: '1' }, ctx);
    expect(answer).toEqual({ content: 'getPet: HTTP 401: missing or wrong bearer token', isError: true });
    await rotating.tools[0]!.execute({ petId: '1' }, ctx);
    expect(calls).toBe(2);
  });

  it('filters by include, tags, methods and prefix; writes can be denied; calls stay on the server origin', async () => {
    const reads = await openapiTools(petstoreDocument(store.url), { methods: ['GET'], tags: ['pets'], prefix: 'pets_' });
    expect(reads.tools.map((t) => t.name)).toEqual(['pets_listPets', 'pets_getPet']);
    const denied = await openapiTools(petstoreDocument(store.url), { writes: 'deny', include: ['createPet'] });
    expect(denied.tools[0]!.permission).toBe('deny');
  });

  it('reads YAML files and Swagger 2.0, and refuses what is not a document', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'warden-web-openapi-'));
    try {
      const file = join(dir, 'swagger.yaml');
      await writeFile(file, `swagger: "2.0"\ninfo: { title: Legacy, version: "2" }\nhost: 127.0.0.1:${new URL(store.url).port}\nbasePath: /v1\nschemes: [http]\nsecurityDefinitions:\n  key: { type: apiKey, in: header, name: X-Api-Key }\nsecurity: [{ key: [] }]\npaths:\n  /pets:\n    post:\n      operationId: addPet\n      parameters:\n        - in: body\n          name: pet\n          required: true\n          schema: { $ref: "#/definitions/Pet" }\n        - { in: header, name: X-Api-Key, type: string }\n      responses: { "200": { description: ok } }\ndefinitions:\n  Pet: { type: object, required: [name], properties: { name: { type: string } } }\n`);
      const legacy = await openapiTools(file, { auth: { apiKey: TOKEN } });
      expect(legacy.baseUrl).toBe(`${store.url}/v1`);
      expect(legacy.tools[0]!.inputSchema).toEqual({ type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false });
      await writeFile(join(dir, 'bad.json'), '{ "hello": 1 }');
      const error = await openapiTools(join(dir, 'bad.json')).catch((e: unknown) => e as WebError);
      expect(error).toMatchObject({ code: 'web.openapi_invalid' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('retries reads on 503 and 429 (Retry-After), never writes', async () => {
    const flaky = await startServer();
    try {
      const doc = petstoreDocument(flaky.url);
      delete (doc as { security?: unknown }).security;
      const tools = await openapiTools(doc, { backoffMs: 1 });
      flaky.reply(json(503, { message: 'busy' }), json(429, { message: 'slow down' }, { 'retry-after': '0' }), json(200, [{ id: 1, name: 'Tom' }]));
      const listed = await tools.tools.find((t) => t.name === 'listPets')!.execute({}, ctx);
      expect(text(listed)).toContain('"Tom"');
      expect(flaky.requests).toHaveLength(3);
      flaky.reply(json(503, { message: 'busy' }));
      const created = await tools.tools.find((t) => t.name === 'createPet')!.execute({ name: 'x' }, ctx);
      expect(created).toEqual({ content: 'createPet: HTTP 503: busy', isError: true });
      expect(flaky.requests).toHaveLength(4);
    } finally {
      await flaky.close();
    }
  });
});
