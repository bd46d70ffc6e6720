// A petstore-style API on 127.0.0.1 that serves its own OpenAPI 3.0 document (with `$ref`s and a
// bearer security scheme) and checks the bearer token on every call. `/v1/whoami` misbehaves on
// purpose: it echoes the Authorization header back, so tests can prove a tool scrubs it.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakePet {
  id: number;
  name: string;
  tag?: string;
}

export interface FakePetstore {
  url: string;
  /** The document's URL (`${url}/openapi.json`). */
  specUrl: string;
  pets: FakePet[];
  /** Calls received: method, path with query, and whether the token was right (never the token). */
  readonly calls: Array<{ method: string; path: string; authorized: boolean; body: string }>;
  close(): Promise<void>;
}

/** The petstore's OpenAPI document, with its server at `baseUrl`. */
export function petstoreDocument(baseUrl: string): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Petstore', version: '1.0.0' },
    servers: [{ url: `${baseUrl}/v1` }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List pets',
          tags: ['pets'],
          parameters: [
            { name: 'limit', in: 'query', description: 'How many pets at most', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
            { name: 'tag', in: 'query', style: 'form', explode: true, schema: { type: 'array', items: { type: 'string' } } },
            { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
            { name: 'Authorization', in: 'header', schema: { type: 'string' } },
          ],
          responses: { '200': { description: 'pets', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } },
        },
        post: {
          operationId: 'createPet',
          summary: 'Add a pet',
          tags: ['pets'],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } } },
          responses: { '201': { description: 'created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
      '/pets/{petId}': {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'getPet', summary: 'One pet', tags: ['pets'], responses: { '200': { description: 'a pet' }, '404': { description: 'no such pet' } } },
        delete: { operationId: 'deletePet', summary: 'Remove a pet', tags: ['pets'], responses: { '204': { description: 'deleted' } } },
      },
      '/whoami': { get: { operationId: 'whoAmI', summary: 'Who the caller is', tags: ['meta'], responses: { '200': { description: 'the caller' } } } },
      '/photos': { post: { operationId: 'uploadPhoto', requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } }, responses: { '200': { description: 'ok' } } } },
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Pet: { allOf: [{ $ref: '#/components/schemas/NewPet' }, { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } }] },
        NewPet: { type: 'object', required: ['name'], properties: { name: { type: 'string', description: 'The pet\'s name' }, tag: { type: 'string', enum: ['cat', 'dog', 'fish'] }, id: { type: 'integer', readOnly: true } } },
      },
    },
  };
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) res.writeHead(status).end();
  else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Starts the petstore; `token` is the only bearer token it accepts. */
export async function startFakePetstore(token: string): Promise<FakePetstore> {
  const calls: FakePetstore['calls'] = [];
  const pets: FakePet[] = [{ id: 1, name: 'Tom', tag: 'cat' }, { id: 2, name: 'Rex', tag: 'dog' }];
  const sockets = new Set<Socket>();
  let nextId = 3;
  const state = { url: '' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://petstore');
      const body = Buffer.concat(chunks).toString('utf8');
      if (url.pathname === '/openapi.json') return send(res, 200, petstoreDocument(state.url));
      const authorized = req.headers.authorization === `Bearer ${token}`;
      calls.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, authorized, body });
      if (!authorized) return send(res, 401, { message: 'missing or wrong bearer token' });
      const one = /^\/v1\/pets\/([^/]+)$/.exec(url.pathname);
      if (url.pathname === '/v1/pets' && req.method === 'GET') {
        const tags = url.searchParams.getAll('tag');
        const limit = Number(url.searchParams.get('limit') ?? '20');
        return send(res, 200, pets.filter((p) => tags.length === 0 || (p.tag !== undefined && tags.includes(p.tag))).slice(0, limit));
      }
      if (url.pathname === '/v1/pets' && req.method === 'POST') {
        let input: { name?: unknown; tag?: unknown };
        try {
          input = JSON.parse(body) as typeof input;
        } catch {
          return send(res, 400, { message: 'body is not JSON' });
        }
        if (typeof input.name !== 'string') return send(res, 422, { message: 'name is required' });
        const pet: FakePet = { id: nextId++, name: input.name, ...(typeof input.tag === 'string' ? { tag: input.tag } : {}) };
        pets.push(pet);
        return send(res, 201, pet);
      }
      if (one && req.method === 'GET') {
        const pet = pets.find((p) => String(p.id) === decodeURIComponent(one[1]!));
        return pet ? send(res, 200, pet) : send(res, 404, { message: `no pet with id ${decodeURIComponent(one[1]!)}` });
      }
      if (one && req.method === 'DELETE') {
        const index = pets.findIndex((p) => String(p.id) === decodeURIComponent(one[1]!));
        if (index === -1) return send(res, 404, { message: 'no such pet' });
        pets.splice(index, 1);
        return send(res, 204);
      }
      if (url.pathname === '/v1/whoami') return send(res, 200, { caller: 'operator', youSent: req.headers.authorization });
      return send(res, 404, { message: 'not found' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.url,
    specUrl: `${state.url}/openapi.json`,
    pets,
    calls,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
