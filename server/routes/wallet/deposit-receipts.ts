import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors';
import { apiRoute } from '../../lib/route';
import { presentDeposit, setReceipt } from '../../services/deposits';

/** A receipt's largest size; this route alone takes bodies above the server's 64 KB limit. */
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the content's first bytes show, whatever the request claims. */
export function sniffImage(body: Buffer): 'image/png' | 'image/jpeg' | null {
  if (body.length > PNG.length && body.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (body.length > JPEG.length && body.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

/**
 * PUT /wps/wallet/deposits/:id/receipt: the raw image as the body. Its own plugin, so that the
 * image parsers and the 5 MB limit apply to this route and no other.
 */
export default async function depositReceiptRoutes(app: FastifyInstance) {
  const receiptUrl = app.schemas.spec('wallet', 'receipt').url;
  app.addHook('onRoute', (route) => {
    if (route.url === receiptUrl) route.bodyLimit = MAX_RECEIPT_BYTES;
  });
  app.addContentTypeParser(['image/png', 'image/jpeg'], { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  apiRoute(app, 'wallet', 'receipt', {
    handler: async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new ApiError('content.type.unsupported', 415);
      const claimed = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      const actual = sniffImage(body);
      // A lying content type (a PNG sent as JPEG, a script sent as PNG) is refused.
      if (actual === null || actual !== claimed) throw new ApiError('receipt.invalid', 400);
      return presentDeposit(request.tenant, await setReceipt(app.db.orm, request.auth!.member.id, request.params.id, body, actual));
    },
  });
}
