/**
 * Operator credentials: passwords hashed with scrypt (node:crypto) and optional TOTP codes
 * (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits), the kind every authenticator app reads from
 * an otpauth:// URI. The codes come from the `otpauth` library (checked against the RFC test
 * vectors in tests/server/ops/ops-backoffice.test.ts); which step was used last is kept per operator
 * (server/ops/operators.ts), so a code works once.
 *
 * Password hash format (one text column, parameters kept with the hash so they can be raised
 * later without invalidating existing hashes):
 *
 *     scrypt$<log2 N>$<r>$<p>$<salt, base64url, 16 bytes>$<key, base64url, 32 bytes>
 *
 * e.g. `scrypt$15$8$3$...$...`: N = 2^15, r = 8, p = 3 (one of OWASP's scrypt settings, about
 * 32 MiB and a tenth of a second per check).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

const SCRYPT = { logN: 15, r: 8, p: 3, keyLength: 32, saltLength: 16 };
export const MIN_PASSWORD_LENGTH = 10;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashOperatorPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const key = await derive(password, salt, SCRYPT.logN, SCRYPT.r, SCRYPT.p, SCRYPT.keyLength);
  return ['scrypt', SCRYPT.logN, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of a password nobody has: checked when the username is unknown, so both cases take as long. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashOperatorPassword(randomBytes(24).toString('base64url')));

export async function verifyOperatorPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  // Parameters outside sane bounds are a corrupt row, not something to spend minutes on.
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (expected.length < 16) return false;
  const actual = await derive(password, salt, logN, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

// --- TOTP (RFC 6238 over RFC 4226 HOTP), by otpauth ---

const TOTP_STEP_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps of clock drift accepted either side of the current one. */
const TOTP_WINDOW = 1;

const totpOptions = (secretBase32: string) =>
  ({ secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_STEP_SECONDS }) as const;

export const base32Encode = (bytes: Buffer): string => new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;

export const base32Decode = (text: string): Buffer => Buffer.from(Secret.fromBase32(text).bytes);

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** HOTP value of `counter` (RFC 4226 dynamic truncation), `digits` long. */
export const hotp = (secret: Buffer, counter: number, digits = TOTP_DIGITS): string =>
  HOTP.generate({ secret: new Secret({ buffer: Uint8Array.from(secret).buffer }), algorithm: 'SHA1', counter, digits });

export function totpCode(secretBase32: string, nowMs = Date.now()): string {
  return TOTP.generate({ ...totpOptions(secretBase32), timestamp: nowMs });
}

/**
 * The time step a code matches, allowing one step of clock drift either side; null when none.
 * The caller refuses a step at or before the last one used, so a code works once.
 */
export function matchTotp(secretBase32: string, code: string, nowMs = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = TOTP.validate({ ...totpOptions(secretBase32), token: code, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: nowMs }) + delta;
}

/** The URI an authenticator app scans (Key URI Format): printed once, when the operator is created. */
export function otpauthUri(issuer: string, username: string, secretBase32: string): string {
  return new TOTP({ issuer, label: username, ...totpOptions(secretBase32) }).toString();
}
