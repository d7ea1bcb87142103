import type { FastifyServerOptions } from 'fastify';

type PinoOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Log fields that may carry credentials, codes or personal data; pino replaces their values. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.token',
  'req.headers.cookie',
  'req.headers["x-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmPassword',
  '*.paymentPassword',
  '*.verificationCode',
  '*.captcha',
  '*.token',
  '*.text',
  '*.body',
  '*.mobileNum',
  '*.mobileNo',
  '*.email',
];

/**
 * Payment pages are the provider's (its own origin), but a browser or a probe may still ask the
 * platform for /pay/<payment id> (an old link, a guess): the id is a payer's credential there.
 */
const PAYMENT_PATH = /^\/pay\/[^?]+/;

/**
 * A request URL for logs: the path (a /pay/ path without its payment id) and only the names of
 * its query parameters (their values may be launch tokens, phone numbers, codes or e-mail addresses).
 */
function safeUrl(url: string): string {
  const path = url.replace(PAYMENT_PATH, '/pay/:id');
  const q = path.indexOf('?');
  if (q < 0) return path;
  const names = [...new URLSearchParams(path.slice(q + 1)).keys()];
  return names.length > 0 ? `${path.slice(0, q)}?${[...new Set(names)].join('&')}` : path.slice(0, q);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** A phone number or e-mail address for logs: enough to tell messages apart, not to read it. */
export function maskRecipient(to: string): string {
  const at = to.indexOf('@');
  if (at >= 0) return `${to.slice(0, 1)}***${to.slice(at)}`;
  return to.length <= 5 ? '***' : `${to.slice(0, 3)}***${to.slice(-2)}`;
}

/**
 * Logger options of the server (also used by `server/main.ts`): request lines without query
 * values, secret-bearing fields redacted. `extra` adds e.g. a level or a stream (tests).
 */
export function loggerOptions(extra: PinoOptions = {}): PinoOptions {
  return {
    level: process.env.LOG_LEVEL ?? 'info',
    ...extra,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: safeUrl(req.url),
        host: req.host ?? req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
