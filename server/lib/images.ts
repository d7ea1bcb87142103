/**
 * Uploaded images (head icons, identity images): raw request bodies of type image/png or
 * image/jpeg, at most 5 MB (spec: "images png or jpg, max 5 MB each"). The declared type must
 * match the content's magic bytes, so a script or a GIF labelled image/png is refused.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export type ImageType = 'image/png' | 'image/jpeg';
const IMAGE_TYPES: readonly ImageType[] = ['image/png', 'image/jpeg'];

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the bytes say they are, or null. */
export function sniffImage(data: Buffer): ImageType | null {
  if (data.length > PNG.length && data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (data.length > JPEG.length && data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

/**
 * Registers the raw image body parser in the calling plugin only (Fastify encapsulation): its
 * 5 MB limit applies to the routes of that plugin, every other route keeps the 64 KB JSON limit.
 */
export function acceptImageBodies(app: FastifyInstance): void {
  app.addContentTypeParser([...IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) => done(null, body));
  // The parser's refusals name the image (and the rule's message); the app's handler answers them.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError('body.too.large', 413, { ...IMAGE_FIELD, messageKey: 'image_size', maxBytes: MAX_IMAGE_BYTES });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new ApiError('content.type.unsupported', 415, { ...IMAGE_FIELD, messageKey: 'image_type' });
    throw error;
  });
}

/** Where an upload's refusal points: the raw body is the image. */
const IMAGE_FIELD = { field: 'image', location: 'body' } as const;

/** The uploaded image and its checked type; throws `content.type.unsupported`, `body.too.large` or `image.invalid` (value.field 'image'). */
export function uploadedImage(contentType: string | undefined, body: unknown): { type: ImageType; data: Buffer } {
  if (!Buffer.isBuffer(body)) throw new ApiError('content.type.unsupported', 415, { ...IMAGE_FIELD, messageKey: 'image_type' });
  if (body.length > MAX_IMAGE_BYTES) throw new ApiError('body.too.large', 413, { ...IMAGE_FIELD, messageKey: 'image_size', maxBytes: MAX_IMAGE_BYTES });
  const declared = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const type = sniffImage(body);
  if (!type || type !== declared) throw new ApiError('image.invalid', 400, { ...IMAGE_FIELD, messageKey: 'image_type' });
  return { type, data: body };
}
