import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { acceptImageBodies, uploadedImage } from '../../../lib/images';
import { apiRoute } from '../../../lib/route';
import { presentDeposit, setReceipt } from '../services/deposits';

/**
 * PUT /wps/wallet/deposits/:id/receipt: the raw image as the body. Its own plugin, so that the
 * image parsers and the 5 MB limit apply to this route and no other.
 */
export default async function depositReceiptRoutes(app: FastifyInstance) {
  acceptImageBodies(app);

  apiRoute(app, 'wallet', 'receipt', {
    handler: async (request) => {
      let image: ReturnType<typeof uploadedImage>;
      try {
        // A lying content type (a PNG sent as JPEG, a script sent as PNG) is refused.
        image = uploadedImage(request.headers['content-type'], request.body);
      } catch (err) {
        if (err instanceof ApiError && err.errorCode === 'image.invalid') throw new ApiError('receipt.invalid', 400);
        throw err;
      }
      return presentDeposit(request.tenant, await setReceipt(app.db.orm, request.auth!.member.id, request.params.id, image.data, image.type));
    },
  });
}
