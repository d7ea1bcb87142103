/** A fixed window: at most `max` hits per `windowMs`. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Rate limits (per IP via @fastify/rate-limit, per account/number in the services). All kept in
 * the database's rate_counters table, so every instance counts together.
 */
/** A growing wait: `baseMs`, doubling each time, at most `maxMs`. */
interface Backoff {
  baseMs: number;
  maxMs: number;
}

export interface Limits {
  loginPerIp: Limit;
  /** Failed logins (per member and per IP) after which every attempt needs a captcha. */
  loginFailures: Limit;
  /** Past loginFailures.max, the wait before a member's next password is checked. */
  loginDelay: Backoff;
  captchaPerIp: Limit;
  smsPerIp: Limit;
  smsPerNumber: Limit;
  smsPerNumberDaily: Limit;
  emailPerIp: Limit;
  emailPerAccount: Limit;
  registerPerIp: Limit;
  freeplayPerIp: Limit;
  affiliatePerIp: Limit;
  passwordPerIp: Limit;
  passwordFailuresPerAccount: Limit;
  /** Encrypted bodies that fail (no decryption, stale, replayed) per IP; over it, no RSA is attempted. */
  encryptionFailuresPerIp: Limit;
  /** Failed back-office logins (/ops/session), counted per IP and per username; over it, 429 before any password check. */
  opsLoginFailures: Limit;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_LIMITS: Limits = {
  loginPerIp: { max: 60, windowMs: MINUTE },
  loginFailures: { max: 3, windowMs: 15 * MINUTE },
  loginDelay: { baseMs: 500, maxMs: 8_000 },
  captchaPerIp: { max: 30, windowMs: MINUTE },
  smsPerIp: { max: 10, windowMs: HOUR },
  smsPerNumber: { max: 1, windowMs: MINUTE },
  smsPerNumberDaily: { max: 10, windowMs: 24 * HOUR },
  emailPerIp: { max: 10, windowMs: HOUR },
  emailPerAccount: { max: 3, windowMs: HOUR },
  registerPerIp: { max: 20, windowMs: HOUR },
  freeplayPerIp: { max: 10, windowMs: HOUR },
  affiliatePerIp: { max: 30, windowMs: MINUTE },
  passwordPerIp: { max: 20, windowMs: 15 * MINUTE },
  passwordFailuresPerAccount: { max: 5, windowMs: 15 * MINUTE },
  encryptionFailuresPerIp: { max: 20, windowMs: 15 * MINUTE },
  opsLoginFailures: { max: 5, windowMs: 15 * MINUTE },
};

/** Route config for @fastify/rate-limit. */
export const perIp = (limit: Limit) => ({ rateLimit: { max: limit.max, timeWindow: limit.windowMs } });
