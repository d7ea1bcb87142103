/**
 * The rules of `x-routes` entries the schema loader (server/schemas.ts readSchemaFiles, read at
 * server start and by `npm run gen`) enforces: an idempotent route requires the idempotency-key
 * header and a member, the body fields its hash leaves out are its body's, and no unknown key.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiSchemas, readSchemaFiles } from '../../server/schemas';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A directory holding one schema file `pay.json` with route `create` (its entry overridden by `route`). */
function schemaDir(route: Record<string, unknown>, headers: Record<string, unknown> = { type: 'object', required: ['idempotency-key'], properties: { 'idempotency-key': { type: 'string' } } }): string {
  const dir = mkdtempSync(join(tmpdir(), 'schema-routes-'));
  dirs.push(dir);
  const file = {
    $id: 'pay.json',
    'x-routes': {
      create: { method: 'POST', url: '/wps/pay', auth: 'required', headers: '#/definitions/headers', body: '#/definitions/body', response: '#/definitions/answer', ...route },
    },
    definitions: {
      headers,
      body: { type: 'object', properties: { amount: { type: 'number' }, paymentPassword: { type: 'string' } } },
      answer: { type: 'object' },
    },
  };
  writeFileSync(join(dir, 'pay.json'), JSON.stringify(file));
  return dir;
}

describe('x-routes: idempotent routes', () => {
  it('load when the idempotency-key header is required', () => {
    const [file] = readSchemaFiles(schemaDir({ idempotent: true, idempotencyOmits: ['paymentPassword'] }));
    expect(file['x-routes']?.create.idempotent).toBe(true);
  });

  it('are refused at load (gen and server start) when the idempotency-key header is not required', () => {
    const optional = schemaDir({ idempotent: true }, { type: 'object', properties: { 'idempotency-key': { type: 'string' } } });
    const message = 'schemas/api/pay.json x-routes.create: an idempotent route must require the "idempotency-key" header';
    expect(() => readSchemaFiles(optional)).toThrow(message);
    expect(() => new ApiSchemas(optional)).toThrow(message);
    expect(() => readSchemaFiles(schemaDir({ idempotent: true, headers: undefined }))).toThrow(message);
  });

  it('need a member: keys are kept per member', () => {
    expect(() => readSchemaFiles(schemaDir({ idempotent: true, auth: 'optional' }))).toThrow('an idempotent route needs a member');
  });

  it('leave out of the hash only fields of their body, and only when idempotent', () => {
    expect(() => readSchemaFiles(schemaDir({ idempotent: true, idempotencyOmits: ['pin'] }))).toThrow('"idempotencyOmits" names pin, not a property of its body');
    expect(() => readSchemaFiles(schemaDir({ idempotencyOmits: ['paymentPassword'] }))).toThrow('"idempotencyOmits" is only for an idempotent route');
  });

  it('an unknown key or a flag that is not a boolean is refused', () => {
    expect(() => readSchemaFiles(schemaDir({ idempotant: true }))).toThrow('schemas/api/pay.json x-routes.create: unknown key "idempotant"');
    expect(() => readSchemaFiles(schemaDir({ idempotent: 'yes' }))).toThrow('"idempotent" must be true or false');
  });

  it('schemas/api: the money-moving POSTs are the idempotent routes', () => {
    const idempotent = readSchemaFiles().flatMap((f) =>
      Object.entries(f['x-routes'] ?? {})
        .filter(([, r]) => r.idempotent)
        .map(([name, r]) => `${f.$id.replace(/\.json$/, '')}.${name}${r.idempotencyOmits ? ` -${r.idempotencyOmits.join(',')}` : ''}`),
    );
    expect(idempotent.sort()).toEqual([
      'inhouse.spin',
      'missions.claim',
      'rebates.claim',
      'red-rain.catch',
      'rewards.claim',
      'transfers.create -paymentPassword',
      'wallet.create',
      'withdrawal.create -paymentPassword',
    ]);
  });
});
