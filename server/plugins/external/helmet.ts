import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

export default fp(async (app: FastifyInstance) => {
  const frameSrc = [...CSP_DIRECTIVES.frameSrc, ...vendorOrigins(app.config.vendors).filter((o) => !o.startsWith('https:'))];
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES, frameSrc } },
    // Game vendors and CDNs serve images without CORP headers.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}, { name: 'helmet' });
