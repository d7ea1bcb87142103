/**
 * Attacks on the encrypted bodies (login, register): replays, stale bodies, floods of garbage
 * that would each cost an RSA decryption, the private keys at rest, and key rotation.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../../server/config';
import { rows } from '../../../server/db/client';
import { parseKeyEncryptionKey, unseal } from '../../../server/lib/key-encryption';
import { maintainJweKeys, rotateJweKey } from '../../../server/repositories/keys';
import {
  advertisedKey,
  call,
  DEMO_PASSWORD,
  describeBackends,
  dropSchema,
  encrypt,
  encryptTo,
  freshSchemaName,
  newJti,
  nextIp,
  startServer,
  TEST_KEY_ENCRYPTION_KEY,
  type JweHeaderOverrides,
} from '../helpers';

const LOGIN = { type: 'username', username: 'demoagent', password: DEMO_PASSWORD };
const FAILURES = { max: 5, windowMs: 60_000 };

function sendLogin(app: FastifyInstance, payload: string, ip = nextIp()) {
  return call<{ token: string }>(app, 'POST', '/wps/session/login', { ip, headers: { 'x-encrypted': '1' }, body: { payload } });
}

async function keyRows(app: FastifyInstance) {
  return rows<{ kid: string; public_jwk: JWK; private_jwk: JWK | null; private_jwk_enc: string | null; retired_at: Date | null }>(
    app.db.orm,
    sql`SELECT kid, public_jwk, private_jwk, private_jwk_enc, retired_at FROM server_keys ORDER BY created_at`,
  );
}

describe('KEY_ENCRYPTION_KEY format', () => {
  it('takes 32 bytes as base64 or 64 hex digits and refuses anything else', () => {
    expect(parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY)).toHaveLength(32);
    expect(parseKeyEncryptionKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseKeyEncryptionKey(Buffer.alloc(32, 1).toString('base64url'))).toHaveLength(32);
    for (const bad of ['short', 'ab'.repeat(31), Buffer.alloc(31).toString('base64'), Buffer.alloc(33).toString('base64')]) {
      expect(() => parseKeyEncryptionKey(bad)).toThrow(/KEY_ENCRYPTION_KEY must be 32 bytes/);
      expect(() => parseEnv({ KEY_ENCRYPTION_KEY: bad })).toThrow(/KEY_ENCRYPTION_KEY must be 32 bytes/);
    }
    expect(parseEnv({ KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY }).app.keyEncryptionKey).toBe(TEST_KEY_ENCRYPTION_KEY);
    expect(parseEnv({}).app.keyEncryptionKey).toBeUndefined();
  });
});

describeBackends(
  'attack: encrypted bodies',
  ({ server, backend }) => {
    it('refuses a replayed login body', async () => {
      const { app } = server();
      const jwe = await encrypt(app, LOGIN);
      const first = await sendLogin(app, jwe);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const again = await sendLogin(app, jwe);
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ success: false, errorCode: 'encryption.replayed', message: 'err_encryption_replayed' });
      // A new body with another jti is fine.
      expect((await sendLogin(app, await encrypt(app, LOGIN))).status).toBe(200);
    });

    it('refuses a stale, a future, and an undated body', async () => {
      const { app } = server();
      const now = Math.floor(Date.now() / 1000);
      const refused = async (header: JweHeaderOverrides, errorCode: string) => {
        const res = await sendLogin(app, await encrypt(app, LOGIN, header));
        expect(res.status, JSON.stringify(header)).toBe(400);
        expect(res.body.errorCode, JSON.stringify(header)).toBe(errorCode);
      };
      await refused({ iat: now - 600 }, 'encryption.stale');
      await refused({ iat: now - 121 }, 'encryption.stale');
      await refused({ iat: now + 600 }, 'encryption.stale');
      await refused({ iat: undefined }, 'encryption.invalid');
      await refused({ jti: undefined }, 'encryption.invalid');
      await refused({ jti: 'short' }, 'encryption.invalid');
      // Within the 2-minute window either way.
      expect((await sendLogin(app, await encrypt(app, LOGIN, { iat: now - 100 }))).status).toBe(200);
      expect((await sendLogin(app, await encrypt(app, LOGIN, { iat: now + 100 }))).status).toBe(200);
    });

    it('counts refused bodies per IP and answers 429 before any decryption once over the limit', async () => {
      const { app } = server();
      const ip = nextIp();
      const decrypt = vi.spyOn(app.jwe, 'decrypt');
      try {
        // Garbage, and well-formed headers over ciphertext that does not decrypt: each attempt counts.
        const forged = (await encrypt(app, LOGIN)).split('.');
        forged[3] = forged[3].split('').reverse().join('');
        const noDate = `${Buffer.from('{"alg":"RSA-OAEP-256","enc":"A256GCM"}').toString('base64url')}.b.c.d.e`;
        const bodies = ['a.b.c.d.e', noDate, forged.join('.'), 'a.b.c.d.e', forged.join('.')];
        for (const payload of bodies) {
          const res = await sendLogin(app, payload, ip);
          expect(res.status).toBe(400);
          expect(res.body.errorCode).toBe('encryption.invalid');
        }
        const decryptsBefore = decrypt.mock.calls.length;
        const valid = await encrypt(app, LOGIN);
        for (let i = 0; i < 3; i++) {
          const res = await sendLogin(app, valid, ip);
          expect(res.status).toBe(429);
          expect(res.body).toMatchObject({ success: false, errorCode: 'rate.limited' });
        }
        expect(decrypt.mock.calls.length).toBe(decryptsBefore);
        // The refused body was never opened: its jti is unspent, so it still logs in from elsewhere.
        expect((await sendLogin(app, valid)).status).toBe(200);
        // Replays count too.
        const ip2 = nextIp();
        const once = await encrypt(app, LOGIN);
        expect((await sendLogin(app, once, ip2)).status).toBe(200);
        for (let i = 0; i < FAILURES.max; i++) expect((await sendLogin(app, once, ip2)).body.errorCode).toBe('encryption.replayed');
        expect((await sendLogin(app, await encrypt(app, LOGIN), ip2)).status).toBe(429);
      } finally {
        decrypt.mockRestore();
      }
    });

    it('keeps no plain private key in the database, and seals the plain keys of older databases', async () => {
      const { app } = server();
      const kek = parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY);
      const [current] = (await keyRows(app)).filter((r) => r.retired_at === null);
      expect(current.private_jwk).toBeNull();
      expect(current.private_jwk_enc).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(current.private_jwk_enc).not.toContain('"d"');
      expect(current.public_jwk).not.toHaveProperty('d');
      const [{ n }] = await rows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM server_keys WHERE private_jwk IS NOT NULL OR private_jwk_enc IS NULL`);
      expect(Number(n)).toBe(0);
      // A database from before sealing: the private JWK in plain text. The next start seals it.
      const plain = JSON.parse(unseal(kek, current.private_jwk_enc!, `server_keys:${current.kid}`)) as JWK;
      expect(plain.d).toBeTypeOf('string');
      await app.db.orm.execute(sql`UPDATE server_keys SET private_jwk = ${JSON.stringify(plain)}::jsonb, private_jwk_enc = NULL WHERE kid = ${current.kid}`);
      expect(await maintainJweKeys(app.db.orm, kek)).toBeNull();
      const [sealed] = (await keyRows(app)).filter((r) => r.kid === current.kid);
      expect(sealed.private_jwk).toBeNull();
      expect(JSON.parse(unseal(kek, sealed.private_jwk_enc!, `server_keys:${current.kid}`))).toEqual(plain);
      await app.jwe.reload();
      expect((await sendLogin(app, await encrypt(app, LOGIN))).status).toBe(200);
    });

    if (backend === 'postgres') {
      it('refuses to start with a wrong key, or with no key on PostgreSQL', async () => {
        // The suite's own database (a copy of the run's template, or a schema of its own).
        const { schema, pgUrl } = server();
        const db = { pgUrl: pgUrl!, schema };
        await expect(startServer('postgres', { db, keyEncryptionKey: Buffer.alloc(32, 9).toString('base64') })).rejects.toThrow(
          /KEY_ENCRYPTION_KEY does not open the JWE private key/,
        );
        await expect(startServer('postgres', { db, keyEncryptionKey: undefined })).rejects.toThrow(/KEY_ENCRYPTION_KEY is required with PostgreSQL/);
      });

      it('ends with one current key when two instances start together on a new database', async () => {
        const schema = freshSchemaName();
        const [a, b] = await Promise.all([startServer('postgres', { schema }), startServer('postgres', { schema })]);
        try {
          expect(a.app.jwe.currentKid).toBe(b.app.jwe.currentKid);
          const keys = await keyRows(a.app);
          expect(keys).toHaveLength(1);
          expect(keys[0].retired_at).toBeNull();
          // A body encrypted to what one advertises opens on the other.
          const jwe = await encrypt(a.app, LOGIN);
          expect((await sendLogin(b.app, jwe)).status).toBe(200);
        } finally {
          await Promise.all([a.close(), b.close()]);
          await dropSchema(schema);
        }
      });
    }

    it('rotates: the previous key decrypts during the grace period, not after; startup advertises the current key only', async () => {
      const { app } = server();
      expect(await rotateJweKey(app)).toBeNull(); // not due
      const old = await advertisedKey(app, true);
      const kid = await rotateJweKey(app, { force: true });
      expect(kid).toBeTypeOf('string');
      expect(kid).not.toBe(old.kid);
      const current = await advertisedKey(app, true);
      expect(current.kid).toBe(kid);
      expect(current).not.toHaveProperty('d');
      // A client that loaded the settings before the rotation still logs in.
      expect((await sendLogin(app, await encryptTo(old, LOGIN))).status).toBe(200);
      expect((await sendLogin(app, await encryptTo(current, LOGIN))).status).toBe(200);
      // An unknown kid is refused without trying a key.
      const res = await sendLogin(app, await encryptTo(current, LOGIN, { kid: 'no-such-key', jti: newJti() }));
      expect(res.body.errorCode).toBe('encryption.invalid');
      // After the grace period the old key is refused.
      await app.db.orm.execute(sql`UPDATE server_keys SET retired_at = now() - interval '25 hours' WHERE kid = ${old.kid!}`);
      await app.jwe.reload();
      const late = await sendLogin(app, await encryptTo(old, LOGIN));
      expect(late.status).toBe(400);
      expect(late.body.errorCode).toBe('encryption.invalid');
      expect((await sendLogin(app, await encryptTo(current, LOGIN))).status).toBe(200);
      // The next rotation drops keys past their grace.
      await rotateJweKey(app, { force: true });
      expect((await keyRows(app)).map((r) => r.kid)).not.toContain(old.kid);
      expect((await keyRows(app)).filter((r) => r.retired_at === null)).toHaveLength(1);
    });
  },
  { limits: { encryptionFailuresPerIp: FAILURES } },
);
