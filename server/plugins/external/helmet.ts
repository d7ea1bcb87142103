import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The CSP is one the built site runs under: scripts only from our origin
 * (no inline script, no eval; the injected #app-config is a JSON data block, not script),
 * images also from data: and https: (banners, vendor icons) and blob: (a picture the member
 * picked, shown before and after it is uploaded: head icon, promotion application), games framed from https: and from
 * the configured game vendors' origins (VENDOR_<CODE>_URL: a demo vendor on http://localhost).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'https:'],
  frameSrc: ["'self'", 'https:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // Not upgrade-insecure-requests: the demo hosts (*.localhost) are plain http.
  upgradeInsecureRequests: null,
};

/** The origins of the configured game vendors, whose games the frame route shows. */
function vendorOrigins(vendors: Record<string, { url: string }> | undefined): string[] {
  const origins = new Set<string>();
  for (const vendor of Object.values(vendors ?? {})) {
    try {
      origins.add(new URL(vendor.url).origin);
    } catch {
      // The config refuses a vendor URL that is not one.
    }
  }
  return [...origins].sort();
}

/**
 * The headers helmet sets with these options. They depend on nothing of the request (no nonce,
 * no per-route option), so helmet runs once, against a response that only records them, and each
 * request gets the same list: helmet itself, run per request, re-parses the CSP every time.
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let failed: unknown = null;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed;
  return [...headers];
}

export default fp(async (app: FastifyInstance) => {
  const frameSrc = [...CSP_DIRECTIVES.frameSrc, ...vendorOrigins(app.config.vendors).filter((o) => !o.startsWith('https:'))];
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES, frameSrc } },
    // Game vendors and CDNs serve images without CORP headers.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Every answer, errors and 404s included (onRequest runs before routing's outcome is known).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}, { name: 'helmet' });
