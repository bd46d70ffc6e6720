// @ts-check
// OpenAPI → tools, offline: a local petstore serves its OpenAPI 3 document (with $refs and a bearer
// scheme); `openapiTools` makes one tool per operation, the operator's token comes from the
// environment and is never in a schema, an event, a session record or an answer. A scripted agent
// lists pets, adds one (a write after open-world content: a person is asked — here a scripted one),
// and reads it back. Exits 1 if anything differs.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHarness } from '@warden/harness';
import { scriptedProvider } from '@warden/protocol/testing';
import { openapiTools } from '@warden/web';
import { json, serve } from './local-servers.mjs';

const TOKEN = process.env.PETSTORE_TOKEN ?? 'example-petstore-token-5d2c81';
const pets = [{ id: 1, name: 'Tom', tag: 'cat' }];
const api = await serve((req, body, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/openapi.json') {
    return json(res, 200, {
      openapi: '3.0.3',
      info: { title: 'Petstore', version: '1.0.0' },
      servers: [{ url: '/v1' }],
      security: [{ bearerAuth: [] }],
      paths: {
        '/pets': {
          get: { operationId: 'listPets', summary: 'List pets', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: { 200: { description: 'ok' } } },
          post: { operationId: 'createPet', summary: 'Add a pet', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } }, responses: { 201: { description: 'created' } } },
        },
        '/pets/{petId}': { get: { operationId: 'getPet', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { 200: { description: 'ok' } } } },
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
        schemas: { NewPet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, tag: { type: 'string', enum: ['cat', 'dog', 'fish'] } } } },
      },
    });
  }
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(res, 401, { message: 'bad token' });
  if (url.pathname === '/v1/pets' && req.method === 'GET') return json(res, 200, pets);
  if (url.pathname === '/v1/pets' && req.method === 'POST') {
    const pet = { id: pets.length + 1, ...JSON.parse(body) };
    pets.push(pet);
    return json(res, 201, pet);
  }
  const one = /^\/v1\/pets\/(\d+)$/.exec(url.pathname);
  const pet = one ? pets.find((p) => p.id === Number(one[1])) : undefined;
  return pet ? json(res, 200, pet) : json(res, 404, { message: 'no such pet' });
});

const workspace = await mkdtemp(path.join(tmpdir(), 'warden-web-openapi-'));
const petstore = await openapiTools(`${api.url}/openapi.json`, { auth: { bearer: TOKEN } });
console.log(`tools: ${petstore.tools.map((t) => `${t.name} (${t.annotations?.readOnly ? 'read' : 'write'})`).join(', ')}`);
const provider = scriptedProvider([
  { toolCalls: [{ id: 'list', name: 'listPets', args: { limit: 10 } }] },
  { toolCalls: [{ id: 'create', name: 'createPet', args: { name: 'Nemo', tag: 'fish' } }] },
  { toolCalls: [{ id: 'read', name: 'getPet', args: { petId: 2 } }] },
  'Nemo the fish is in the store.',
]);
/** @type {string[]} */
const asked = [];
const harness = await createHarness({
  workdir: workspace, provider, mode: 'safe', env: {}, tools: petstore.tools,
  // Reads of this API follow the mode after untrusted content; writes still need a person.
  scope: { tools: petstore.reads },
  approver: {
    specificationVersion: 'v1',
    kind: 'person',
    async approve(request) {
      asked.push(`${request.call.name}: ${request.decision.rule}`);
      return { outcome: 'approved', by: 'the operator' };
    },
  },
});
/** @type {unknown[]} */
const events = [];
const result = await harness.run('Add a fish called Nemo to the petstore.', { onEvent: (e) => events.push(e) });
await harness.close();
let stored = '';
for (const entry of await readdir(workspace, { recursive: true, withFileTypes: true })) {
  if (entry.isFile()) stored += await readFile(path.join(entry.parentPath, entry.name), 'utf8');
}
await Promise.all([api.close(), rm(workspace, { recursive: true, force: true })]);
console.log(`asked a person: ${asked.join('; ')}`);

const expectations = [
  ['the run finished', result.stopReason === 'done'],
  ['Nemo was added', pets.some((p) => p.name === 'Nemo')],
  ['the write after open-world content needed a person', asked.length === 1 && asked[0] === 'createPet: taint.requires-person'],
  ['the token is in no tool schema', !JSON.stringify(petstore.tools.map((t) => t.inputSchema)).includes(TOKEN)],
  ['the token is in no event', !JSON.stringify(events).includes(TOKEN)],
  ['the token is in no model request', !JSON.stringify(provider.requests).includes(TOKEN)],
  ['the token is in no session record or audit entry', stored.length > 0 && !stored.includes(TOKEN)],
];
let failed = 0;
for (const [what, ok] of expectations) {
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
}
process.exitCode = failed === 0 ? 0 : 1;
