import { sql } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  compactDecrypt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CompactJWEHeaderParameters,
  type JWK,
} from 'jose';
import { rows, type Db, type Tx } from '../db/client';
import { seal, unseal } from '../lib/key-encryption';

export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';
/** The current key is replaced when it is older than this (checked at start and by rotateJweKey). */
const JWE_KEY_MAX_AGE_MS = 30 * 24 * 3600_000;
/** A replaced key still decrypts for this long, for clients that loaded the settings before. */
const JWE_KEY_GRACE_MS = 24 * 3600_000;
/** How often an instance re-reads the keys, to advertise a key another instance rotated in. */
const RELOAD_AFTER_MS = 5 * 60_000;
/** An unknown kid re-reads the keys at most this often (it may be another instance's new key). */
const UNKNOWN_KID_RELOAD_MS = 10_000;

interface KeyRow {
  id: string;
  kid: string;
  public_jwk: JWK;
  private_jwk: JWK | null;
  private_jwk_enc: string | null;
  created_at: string | Date;
  retired_at: string | Date | null;
  now: string | Date;
}

interface LoadedKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey | Uint8Array;
  /** Null: current. */
  retiredAt: Date | null;
}

/** The result of a decryption: the plaintext and the (authenticated) protected header. */
export interface Opened {
  text: string;
  header: CompactJWEHeaderParameters;
}

/** A JWE that does not name a key this server accepts, or does not decrypt. */
export class JweRefused extends Error {}

const aadOf = (kid: string) => `server_keys:${kid}`;
const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/** The key pair of one new row: public JWK with kid (its thumbprint), sealed private JWK. */
async function newKeyRow(kek: Buffer) {
  const pair = await generateKeyPair(JWE_ALG, { extractable: true, modulusLength: 2048 });
  const publicJwk = await exportJWK(pair.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  Object.assign(publicJwk, { kid, alg: JWE_ALG, use: 'enc' });
  const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: JWE_ALG };
  return { id: kid, kid, publicJwk, privateJwkEnc: seal(kek, JSON.stringify(privateJwk), aadOf(kid)) };
}

async function keyRows(tx: Db | Tx): Promise<KeyRow[]> {
  return rows<KeyRow>(
    tx,
    sql`SELECT id, kid, public_jwk, private_jwk, private_jwk_enc, created_at, retired_at, now() AS now
        FROM server_keys ORDER BY created_at DESC`,
  );
}

/**
 * Brings server_keys in order, under an advisory lock so that instances starting together take
 * turns: seals plain private keys of older databases, adds a first key or rotates the current one
 * when it is older than JWE_KEY_MAX_AGE_MS (or when `force`), and drops keys past their grace.
 * Returns the kid of the key it added, or null.
 */
export async function maintainJweKeys(db: Db, kek: Buffer, opts: { force?: boolean } = {}): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('wl-jwe-keys:' || current_schema()))`);
    const found = await keyRows(tx);
    for (const row of found) {
      if (row.private_jwk && !row.private_jwk_enc) {
        const sealed = seal(kek, JSON.stringify(row.private_jwk), aadOf(row.kid));
        await tx.execute(sql`UPDATE server_keys SET private_jwk_enc = ${sealed}, private_jwk = NULL WHERE id = ${row.id}`);
      } else if (row.private_jwk) {
        await tx.execute(sql`UPDATE server_keys SET private_jwk = NULL WHERE id = ${row.id}`);
      }
    }
    const current = found.find((r) => r.retired_at === null);
    const now = found[0] ? toDate(found[0].now) : new Date();
    let added: string | null = null;
    if (!current || opts.force || now.getTime() - toDate(current.created_at).getTime() > JWE_KEY_MAX_AGE_MS) {
      const next = await newKeyRow(kek);
      if (current) await tx.execute(sql`UPDATE server_keys SET retired_at = now() WHERE id = ${current.id}`);
      await tx.execute(
        sql`INSERT INTO server_keys (id, kid, public_jwk, private_jwk_enc) VALUES (${next.id}, ${next.kid}, ${JSON.stringify(next.publicJwk)}::jsonb, ${next.privateJwkEnc})`,
      );
      added = next.kid;
    }
    await tx.execute(sql`DELETE FROM server_keys WHERE retired_at < now() - make_interval(secs => ${JWE_KEY_GRACE_MS / 1000})`);
    return added;
  });
}

/**
 * The JWE keys of encrypted request bodies, shared by every instance through server_keys: the
 * current key (advertised in the startup settings) and the keys retired less than
 * JWE_KEY_GRACE_MS ago, chosen by the JWE header's kid. Private keys are stored sealed with the
 * key-encryption key and only opened in memory.
 */
export class JweKeys {
  private keys = new Map<string, LoadedKey>();
  private current!: LoadedKey;
  private loadedAt = 0;
  private reloading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly kek: Buffer,
  ) {}

  /** The current public key (JWK with kid, alg, use). */
  get publicJwk(): JWK {
    if (Date.now() - this.loadedAt > RELOAD_AFTER_MS) void this.reload().catch(() => undefined);
    return this.current.publicJwk;
  }

  get currentKid(): string {
    return this.current.kid;
  }

  /** Runs maintainJweKeys (rotation when due, or now with `force`) and re-reads the keys. */
  async maintain(opts: { force?: boolean } = {}): Promise<string | null> {
    const added = await maintainJweKeys(this.db, this.kek, opts);
    await this.reload();
    return added;
  }

  /** Re-reads server_keys (another instance may have rotated). */
  async reload(): Promise<void> {
    this.reloading ??= this.load().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async load(): Promise<void> {
    const keys = new Map<string, LoadedKey>();
    let current: LoadedKey | null = null;
    for (const row of await keyRows(this.db)) {
      const retiredAt = row.retired_at === null ? null : toDate(row.retired_at);
      if (retiredAt && toDate(row.now).getTime() - retiredAt.getTime() > JWE_KEY_GRACE_MS) continue;
      if (!row.private_jwk_enc) throw new Error(`server_keys ${row.kid} has no sealed private key`);
      let privateJwk: JWK;
      try {
        privateJwk = JSON.parse(unseal(this.kek, row.private_jwk_enc, aadOf(row.kid))) as JWK;
      } catch {
        throw new Error(
          `KEY_ENCRYPTION_KEY does not open the JWE private key ${row.kid} stored in server_keys: it is not the key the database was sealed with. ` +
            'Start with the original KEY_ENCRYPTION_KEY (with PGlite: restore key-encryption.key in the data folder).',
        );
      }
      const key: LoadedKey = { kid: row.kid, publicJwk: row.public_jwk, privateKey: await importJWK(privateJwk, JWE_ALG), retiredAt };
      keys.set(row.kid, key);
      if (!retiredAt && !current) current = key;
    }
    if (!current) throw new Error('server_keys has no current JWE key');
    this.keys = keys;
    this.current = current;
    this.loadedAt = Date.now();
  }

  /** The key a JWE header names (no kid: the current key), if it is accepted now. */
  private accepted(kid: string | undefined): LoadedKey | null {
    if (kid === undefined) return this.current;
    const key = this.keys.get(kid);
    if (!key) return null;
    if (key.retiredAt && Date.now() - key.retiredAt.getTime() > JWE_KEY_GRACE_MS) return null;
    return key;
  }

  /**
   * The protected header of a JWE, read without decrypting (not yet authenticated): lets the
   * caller refuse a body before paying for an RSA decryption.
   */
  peekHeader(jwe: string): CompactJWEHeaderParameters {
    try {
      return decodeProtectedHeader(jwe) as CompactJWEHeaderParameters;
    } catch {
      throw new JweRefused('unreadable protected header');
    }
  }

  /** Decrypts with the key the header's kid names; throws JweRefused for any failure. */
  async decrypt(jwe: string): Promise<Opened> {
    const { kid } = this.peekHeader(jwe);
    if (kid !== undefined && typeof kid !== 'string') throw new JweRefused('kid is not a string');
    let key = this.accepted(kid);
    if (!key && kid && !this.keys.has(kid) && Date.now() - this.loadedAt > UNKNOWN_KID_RELOAD_MS) {
      await this.reload();
      key = this.accepted(kid);
    }
    if (!key) throw new JweRefused('unknown or expired kid');
    try {
      const { plaintext, protectedHeader } = await compactDecrypt(jwe, key.privateKey, {
        keyManagementAlgorithms: [JWE_ALG],
        contentEncryptionAlgorithms: [JWE_ENC],
      });
      return { text: new TextDecoder().decode(plaintext), header: protectedHeader };
    } catch {
      throw new JweRefused('does not decrypt');
    }
  }
}

/**
 * Rotates the JWE key when the current one is older than JWE_KEY_MAX_AGE_MS, or at once with
 * `force` (for an operations command). The replaced key keeps decrypting for JWE_KEY_GRACE_MS.
 * Returns the new kid, or null when nothing was due.
 */
export function rotateJweKey(app: { jwe: JweKeys }, opts: { force?: boolean } = {}): Promise<string | null> {
  return app.jwe.maintain(opts);
}

/** Seals old plain keys, adds or rotates the current key when due, and loads the keys. */
export async function loadJweKeys(db: Db, kek: Buffer): Promise<JweKeys> {
  await maintainJweKeys(db, kek);
  const keys = new JweKeys(db, kek);
  await keys.reload();
  return keys;
}
