/**
 * docs/openapi.json: valid OpenAPI 3.1, up to date with schemas/api, listing exactly the `/wps`
 * (and `/vendor`: the game vendors' wallet) routes the server registers, and served at /wps/openapi.json only with DEV_ROUTES=1.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../scripts/openapi';
import { readSchemaFiles } from '../../../server/schemas';
import { PH, startServer, type TestServer } from '../helpers';

const root = new URL('../../..', import.meta.url).pathname;
const text = readFileSync(`${root}docs/openapi.json`, 'utf8');
const doc = JSON.parse(text) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** "METHOD /path" of every route in Fastify's printRoutes tree (automatic HEADs left out). */
function routesOf(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )?(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    // Each level indents 4 characters; a branch mark adds the node's own level.
    const depth = m[1].length / 4 + (/[├└]/.test(line) ? 1 : 0);
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = path;
    const methods = (m[3] ?? '').split(', ').filter(Boolean);
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      out.push(`${method} ${path.replace(/\/{2,}/g, '/')}`);
    }
  }
  return out;
}

describe('docs/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(text));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is what npm run gen makes from schemas/api (else run npm run gen)', () => {
    const version = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string }).version;
    expect(text).toBe(JSON.stringify(openApiDocument(readSchemaFiles(`${root}schemas/api`), version), null, 2) + '\n');
  });

  it('has a component for every reference', () => {
    const refs = [...text.matchAll(/"\$ref": "#\/components\/schemas\/([^"/]+)/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((r) => !(r in doc.components.schemas))).toEqual([]);
  });
});

describe('the /wps routes', () => {
  let dev: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    [dev, plain] = await Promise.all([startServer('pglite', { devRoutes: true }), startServer('pglite', { devRoutes: false })]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all([dev?.close(), plain?.close()]);
  });

  it('the server registers (dev routes on) are exactly the paths of the document', () => {
    const registered = routesOf(dev.app.printRoutes({ commonPrefix: false }))
      .filter((r) => /^\/(wps|vendor)\//.test(r.split(' ')[1]))
      .map((r) => r.replace(/:([A-Za-z0-9_]+)/g, '{$1}'))
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(registered.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((d) => !registered.includes(d))).toEqual([]);
  });

  it('serves the document at /wps/openapi.json with DEV_ROUTES=1, and 404 without', async () => {
    const served = await dev.app.inject({ method: 'GET', url: '/wps/openapi.json', headers: { host: PH } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    expect(served.body).toBe(text);
    const absent = await plain.app.inject({ method: 'GET', url: '/wps/openapi.json', headers: { host: PH } });
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toMatchObject({ success: false });
  });
});
