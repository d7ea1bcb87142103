import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes with scrypt and a fresh 16-byte salt. The parameters travel in the hash string. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const params = { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 + 1024 * 1024 };
  const key = await scrypt(password, salt, KEY_LENGTH, params);
  return `scrypt$${cost}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Checks a password against a stored hash in constant time. A null or unknown hash never matches. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend comparable time so that "no such user" and "wrong password" look alike.
    await scrypt(password, DUMMY_SALT, KEY_LENGTH, { N: 1024, r: 8, p: 1 });
    return false;
  }
  const [, n, r, p, saltB64, keyB64] = parts;
  const N = Number(n);
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r) + 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const DUMMY_SALT = randomBytes(16);
