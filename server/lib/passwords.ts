import { scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argonHash, parseOptions, verify as argonVerify, type Algorithm } from '@node-rs/argon2';

/**
 * Password hashing: Argon2id. `owasp` is OWASP's recommended minimum (19 MiB, 2 passes, 1 lane);
 * `fast` is for tests only. Older `scrypt$...` hashes still verify and are replaced at the next
 * successful login (`needsRehash`).
 */
export type PasswordHashing = 'owasp' | 'fast';

interface ArgonParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

const PARAMS: Record<PasswordHashing, ArgonParams> = {
  owasp: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  fast: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
};

// `Algorithm` is a const enum of the package: its value (Argon2id = 2) is written out here.
const ARGON2ID = 2 as Algorithm;

function argonOptions(cost: PasswordHashing) {
  return { ...PARAMS[cost], algorithm: ARGON2ID };
}

export async function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return argonHash(password, argonOptions(cost));
}

/** A hash of nothing anyone types, with the current parameters: unknown users cost the same time. */
const dummyHashes = new Map<PasswordHashing, Promise<string>>();
function dummyHash(cost: PasswordHashing): Promise<string> {
  let h = dummyHashes.get(cost);
  if (!h) {
    h = hashPassword('\u0000no such member\u0000', cost);
    dummyHashes.set(cost, h);
  }
  return h;
}

/**
 * Checks a password against a stored hash (Argon2id, or a legacy scrypt hash) in constant time.
 * A missing or unreadable hash never matches, after the same work as a real check with `cost`.
 */
export async function verifyPassword(password: string, stored: string | null | undefined, cost: PasswordHashing): Promise<boolean> {
  if (stored?.startsWith('$argon2')) {
    try {
      return await argonVerify(stored, password);
    } catch {
      return false;
    }
  }
  if (stored?.startsWith('scrypt$')) {
    const ok = await verifyScrypt(password, stored);
    if (ok !== null) return ok;
  }
  await argonVerify(await dummyHash(cost), password).catch(() => false);
  return false;
}

/** Whether a stored hash (known to be correct) should be replaced by one with the current parameters. */
export function needsRehash(stored: string, cost: PasswordHashing): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const o = parseOptions(stored);
    const want = PARAMS[cost];
    return o.memoryCost !== want.memoryCost || o.timeCost !== want.timeCost || o.parallelism !== want.parallelism;
  } catch {
    return true;
  }
}

/**
 * Number of login passwords this process has evaluated (one per attempt that reached the check,
 * however many hashes it compares). Read by the attack tests to count how many guesses the login
 * throttle let through.
 */
export const passwordChecks = { count: 0 };

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Legacy `scrypt$N$r$p$salt$key`; null when the string is not a usable scrypt hash. */
async function verifyScrypt(password: string, stored: string): Promise<boolean | null> {
  const parts = stored.split('$');
  if (parts.length !== 6) return null;
  const [, n, r, p, saltB64, keyB64] = parts;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (!Number.isInteger(Math.log2(N)) || N < 2 || N > 2 ** 20 || !(R >= 1 && R <= 32) || !(P >= 1 && P <= 16)) return null;
  const expected = Buffer.from(keyB64, 'base64');
  if (expected.length < 16) return null;
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, { N, r: R, p: P, maxmem: 256 * N * R + 1024 * 1024 });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
