/**
 * Malformed requests generated from the JSON Schemas of schemas/api/: wrong types, missing
 * required fields, unknown fields, oversize strings, malformed JSON, wrong content types,
 * oversize bodies, bad encrypted payloads. None may answer 5xx, and none may write anything.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { readSchemaFiles, type RouteSpec, type SchemaFile } from '../../../server/schemas';
import { describeBackends, encrypt, nextIp, tokenFor } from '../helpers';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  maxLength?: number;
  minLength?: number;
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: boolean | Schema;
};

const files = new Map<string, SchemaFile>(readSchemaFiles().map((f) => [f.$id, f]));

/** Follows $refs (`#/definitions/x` within a file, `other.json#/definitions/y` across files). */
function resolve(schema: Schema, fileId: string): { schema: Schema; fileId: string } {
  let current = schema;
  let file = fileId;
  while (current.$ref) {
    const [target, pointer] = current.$ref.split('#');
    if (target) file = target;
    const parts = pointer.split('/').filter(Boolean);
    let node: unknown = files.get(file);
    for (const p of parts) node = (node as Record<string, unknown>)[p];
    current = node as Schema;
  }
  return { schema: current, fileId: file };
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type[0] : s.type);

/** A plausible value of the right type (not necessarily passing patterns). */
function sample(s: Schema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'object':
      return {};
    case 'array':
      return [];
    default:
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

/** A value of a type the schema does not accept. */
function wrongType(s: Schema): unknown {
  switch (typeOf(s)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'maybe';
    default:
      return 7;
  }
}

interface Variant {
  label: string;
  value: unknown;
}

/** Malformed objects for an object schema: each field's wrong type, oversize, missing required, unknown field. */
function objectVariants(schema: Schema, fileId: string): Variant[] {
  const { schema: s, fileId: fid } = resolve(schema, fileId);
  const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, resolve(v, fid).schema]));
  const base: Record<string, unknown> = {};
  for (const name of s.required ?? []) base[name] = sample(props[name] ?? {});
  const out: Variant[] = [{ label: 'unknown field', value: { ...base, zzUnknown: 'x' } }];
  for (const [name, p] of Object.entries(props)) {
    out.push({ label: `${name}: wrong type`, value: { ...base, [name]: wrongType(p) } });
    if (p.maxLength !== undefined) out.push({ label: `${name}: oversize`, value: { ...base, [name]: 'x'.repeat(p.maxLength + 1) } });
    if (p.enum) out.push({ label: `${name}: not in enum`, value: { ...base, [name]: 'ZZ-not-allowed' } });
  }
  for (const name of s.required ?? []) {
    const missing = { ...base };
    delete missing[name];
    out.push({ label: `${name}: missing`, value: missing });
  }
  return out;
}

/** Query-string variants: values are text, so "wrong type" is text that does not parse or match. */
function queryVariants(schema: Schema, fileId: string): Record<string, string>[] {
  const { schema: s, fileId: fid } = resolve(schema, fileId);
  const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, resolve(v, fid).schema]));
  const base: Record<string, string> = {};
  for (const name of s.required ?? []) base[name] = String(sample(props[name] ?? {}));
  const out: Record<string, string>[] = [{ ...base, zzUnknown: '1' }];
  for (const [name, p] of Object.entries(props)) {
    if (p.maxLength !== undefined) out.push({ ...base, [name]: 'x'.repeat(p.maxLength + 1) });
    if (typeOf(p) === 'integer') out.push({ ...base, [name]: 'abc' }, { ...base, [name]: '-5' });
    if (p.enum) out.push({ ...base, [name]: 'ZZ' });
  }
  for (const name of s.required ?? []) {
    const missing = { ...base };
    delete missing[name];
    out.push(missing);
  }
  return out;
}

interface Route extends RouteSpec {
  fileId: string;
}

const routes: Route[] = [...files.values()].flatMap((f) => Object.values(f['x-routes'] ?? {}).map((r) => ({ ...r, fileId: f.$id })));
/** The route's URL with every path parameter (`:id`, `:nodeId`, ...) set to `value`. */
const withParams = (r: Route, value: string) => r.url.replace(/:[A-Za-z]+/g, value);
const url = (r: Route) => withParams(r, '1');

async function rowCounts(db: Parameters<typeof rows>[0]): Promise<Record<string, number>> {
  const tables = await rows<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ n }] = await rows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM "${table_name}"`));
    counts[table_name] = Number(n);
  }
  return counts;
}

describeBackends('fuzz: malformed requests from the API schemas', ({ server }) => {
  it('never answers 5xx and never writes', async () => {
    const app = server().app;
    // A logged-in caller too, so that authenticated routes reach their validation as well.
    const token = await tokenFor(app, 'demoagent');
    const before = await rowCounts(app.db.orm);
    const otherCountersBefore = await countersOtherThanJweFailures(app.db.orm);
    const results: { what: string; status: number; body: string }[] = [];

    async function send(what: string, opts: { method: string; url: string; headers?: Record<string, string>; payload?: string; query?: Record<string, string> }) {
      const res = await app.inject({
        method: opts.method as 'GET',
        url: opts.url,
        query: opts.query,
        // An Idempotency-Key too, so that the spin's body reaches its validation.
        headers: { host: 'demo-ph.localhost', authorization: `Bearer ${token}`, 'idempotency-key': 'fuzz-key-0001', ...opts.headers },
        payload: opts.payload,
        remoteAddress: nextIp(),
      });
      results.push({ what, status: res.statusCode, body: res.body });
    }
    const json = { 'content-type': 'application/json' };

    for (const r of routes) {
      const where = `${r.method} ${r.url}`;
      if (r.body) {
        for (const v of objectVariants({ $ref: r.body }, r.fileId)) {
          await send(`${where} body ${v.label}`, { method: r.method, url: url(r), headers: { ...json, 'x-encrypted': '1' }, payload: JSON.stringify(v.value) });
        }
        for (const whole of [[], 'text', 42, true]) {
          await send(`${where} body ${JSON.stringify(whole)}`, { method: r.method, url: url(r), headers: json, payload: JSON.stringify(whole) });
        }
        await send(`${where} malformed JSON`, { method: r.method, url: url(r), headers: json, payload: '{"a":' });
        await send(`${where} text/plain`, { method: r.method, url: url(r), headers: { 'content-type': 'text/plain' }, payload: 'hello' });
        await send(`${where} xml`, { method: r.method, url: url(r), headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
        await send(`${where} oversize body`, { method: r.method, url: url(r), headers: json, payload: JSON.stringify({ x: 'y'.repeat(70_000) }) });
      }
      if (r.payload) {
        for (const v of objectVariants({ $ref: r.payload }, r.fileId)) {
          await send(`${where} payload ${v.label}`, {
            method: r.method,
            url: url(r),
            headers: { ...json, 'x-encrypted': '1' },
            payload: JSON.stringify({ payload: await encrypt(app, v.value) }),
          });
        }
        await send(`${where} payload not JSON`, { method: r.method, url: url(r), headers: { ...json, 'x-encrypted': '1' }, payload: JSON.stringify({ payload: 'a.b.c.d.e' }) });
      }
      if (r.querystring) {
        for (const q of queryVariants({ $ref: r.querystring }, r.fileId)) {
          await send(`${where} query ${JSON.stringify(q).slice(0, 60)}`, { method: r.method, url: url(r), query: q });
        }
      }
      if (r.params) {
        for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
          await send(`${where} param ${id}`, { method: r.method, url: withParams(r, id), ...(r.method === 'GET' ? {} : { headers: json, payload: '{}' }) });
        }
      }
    }
    for (const path of ['/wps/nothing', '/wps/session/login/extra', '/wps/../etc/passwd', '/m/assets/%2e%2e/x']) {
      await send(`unknown ${path}`, { method: 'POST', url: path, headers: json, payload: '{}' });
    }

    const serverErrors = results.filter((r) => r.status >= 500);
    expect(serverErrors, JSON.stringify(serverErrors.slice(0, 5))).toEqual([]);
    const accepted = results.filter((r) => r.status < 400);
    expect(accepted, JSON.stringify(accepted.slice(0, 5))).toEqual([]);
    // The game vendors' wallet answers in its protocol's JSON (a status), the rest in the envelope.
    for (const r of results) expect(JSON.parse(r.body), r.what).toMatchObject(r.what.includes(' /vendor/:code/') ? { status: expect.stringMatching(/^RS_ERROR_/) } : { success: false });
    expect(results.length).toBeGreaterThanOrEqual(200);
    // Generated from the schemas: every route with an input got malformed requests, the game routes included.
    const untouched = routes.filter((r) => (r.body || r.payload || r.querystring || r.params) && !results.some((x) => x.what.startsWith(`${r.method} ${r.url} `)));
    expect(untouched.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /wps/game/list',
        'POST /wps/game/favourites',
        'DELETE /wps/game/favourites',
        'GET /wps/game/recent',
        'POST /wps/game/launch',
        'GET /wps/game/icon/:nodeId.png',
        'POST /wps/game/inhouse/spin',
        'GET /wps/relay/GCSGAME_getRankList',
        'POST /wps/relay/GCSGAME_getRankList',
      ]),
    );
    // By design the only writes: refused encrypted bodies are counted per IP (rate_counters,
    // keys jwe-fail:*), and the jti of each body that decrypted is spent (jwe_replays).
    const { rate_counters: _countersAfter, jwe_replays: jtisAfter, ...after } = await rowCounts(app.db.orm);
    const { rate_counters: _countersBefore, jwe_replays: jtisBefore, ...rest } = before;
    expect(after).toEqual(rest);
    expect(await countersOtherThanJweFailures(app.db.orm)).toBe(otherCountersBefore);
    expect(jtisAfter).toBeGreaterThanOrEqual(jtisBefore);
  });
});

async function countersOtherThanJweFailures(db: Parameters<typeof rows>[0]): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM rate_counters WHERE key NOT LIKE 'jwe-fail:%'`);
  return Number(n);
}
