/**
 * The key-encryption key (KEY_ENCRYPTION_KEY) that seals the JWE private keys at rest, and the
 * AES-256-GCM sealing itself. Format of the key: 32 bytes as base64 (44 characters, or 43
 * unpadded; standard or URL alphabet) or as 64 hex digits.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../config';

const KEY_FILE_NAME = 'key-encryption.key';
const SEAL_VERSION = 'v1';

/** The 32 key bytes of a KEY_ENCRYPTION_KEY value; throws with a message naming the format. */
export function parseKeyEncryptionKey(text: string): Buffer {
  const value = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (!key || key.length !== 32) {
    throw new Error('KEY_ENCRYPTION_KEY must be 32 bytes as base64 (44 characters) or 64 hex digits; generate one with `openssl rand -base64 32`');
  }
  return key;
}

/** A new random key, base64. */
const newKeyEncryptionKey = (): string => randomBytes(32).toString('base64');

/** AES-256-GCM with a random 96-bit IV: `v1.<iv>.<ciphertext>.<tag>` (base64url parts). */
export function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Opens what `seal` wrote; throws when the key (or the aad) does not match. */
export function unseal(key: Buffer, sealed: string, aad: string): string {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !body || !tag) throw new Error('unknown sealed value format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * The key to use: KEY_ENCRYPTION_KEY when set. Without it: with PGlite in a data folder, a
 * random key kept in `<dataDir>/key-encryption.key` (mode 0600) and reused; with PGlite in
 * memory (tests), an ephemeral random key; with PostgreSQL (shared by instances) the start is
 * refused, since each instance would invent its own key.
 */
export async function resolveKeyEncryptionKey(config: Pick<AppConfig, 'keyEncryptionKey' | 'db' | 'dataDir'>): Promise<{ key: Buffer; source: 'option' | 'file' | 'ephemeral' }> {
  if (config.keyEncryptionKey) return { key: parseKeyEncryptionKey(config.keyEncryptionKey), source: 'option' };
  if (config.db !== 'pglite') {
    throw new Error(
      'KEY_ENCRYPTION_KEY is required with PostgreSQL (DATABASE_URL): every instance must seal and open the JWE private keys with the same key. Generate one with `openssl rand -base64 32`.',
    );
  }
  if (!config.dataDir) return { key: randomBytes(32), source: 'ephemeral' };
  const file = join(config.dataDir, KEY_FILE_NAME);
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (text === null) {
    text = newKeyEncryptionKey();
    // wx: never overwrite a key file another process has just written.
    try {
      await writeFile(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      text = await readFile(file, 'utf8');
    }
  }
  await chmod(file, 0o600);
  try {
    return { key: parseKeyEncryptionKey(text), source: 'file' };
  } catch {
    throw new Error(`${file} does not hold a valid key-encryption key (32 bytes, base64); restore it or set KEY_ENCRYPTION_KEY`);
  }
}
