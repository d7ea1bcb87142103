/**
 * A kept page compressed once, served with a per-visit tail at the cost of a static file.
 *
 * A kept page is the same for every visitor of its key except a few hundred bytes at its end (the
 * visitor's address and the server's clock). Compressing ~160 KB per request cost more than
 * everything else the route does, so the shared part is compressed once, ending on a byte
 * boundary without ending the stream (a sync flush), and each request appends its tail as
 * uncompressed (stored) blocks and ends the stream:
 *  - gzip (RFC 1952 / RFC 1951): header, the raw deflate of the head flushed with Z_SYNC_FLUSH,
 *    one final stored block per ≤65,535 bytes of tail, then CRC-32 and length of the whole;
 *  - br (RFC 7932 §9.2): the head flushed with BROTLI_OPERATION_FLUSH (byte-aligned, not last),
 *    uncompressed meta-blocks of the tail, then an empty last meta-block.
 * The result is one ordinary stream of each encoding; a browser decodes it as any other.
 */
import { brotliCompress, constants, deflateRaw } from 'node:zlib';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { negotiate } from '@fastify/accept-negotiator';
import type * as Crc32 from 'buffer-crc32';

// The package's ESM types lack the default export its ESM build has: load its CommonJS build.
const crc32 = createRequire(import.meta.url)('buffer-crc32') as typeof Crc32;

const brotli = promisify(brotliCompress);
const deflate = promisify(deflateRaw);

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** Encodings offered, best first (as the compress plugin prefers them). */
const ENCODINGS: PageEncoding[] = ['br', 'gzip'];

/** The encoding to answer an Accept-Encoding header with. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  if (!acceptEncoding) return 'identity';
  return (negotiate(acceptEncoding, ENCODINGS) as PageEncoding | null) ?? 'identity';
}

/** Gzip member header: deflate, no flags, no time, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** Brotli's empty last meta-block: ISLAST = 1, ISLASTEMPTY = 1, zero padding. */
const BROTLI_END = Buffer.from([0x03]);
const STORED_MAX = 0xffff;

/** The tail as deflate stored blocks, the last one final (BFINAL = 1, BTYPE = 00). */
function storedBlocks(tail: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let offset = 0;
  do {
    const chunk = tail.subarray(offset, offset + STORED_MAX);
    offset += chunk.length;
    const header = Buffer.alloc(5);
    header[0] = offset >= tail.length ? 1 : 0;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    out.push(header, chunk);
  } while (offset < tail.length);
  return out;
}

/**
 * The tail as brotli uncompressed meta-blocks: ISLAST = 0, MNIBBLES = 4 (coded 0), MLEN - 1 in 16
 * bits, ISUNCOMPRESSED = 1, then zero bits to the byte boundary (20 bits, so 3 bytes).
 */
function brotliStored(tail: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let offset = 0; offset < tail.length; offset += 0x10000) {
    const chunk = tail.subarray(offset, offset + 0x10000);
    const bits = ((chunk.length - 1) << 3) | (1 << 19);
    out.push(Buffer.from([bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff]), chunk);
  }
  return out;
}

/** A page's shared head, encoded lazily once per encoding, and its bodies with a tail. */
export class EncodedPage {
  private br: Promise<Buffer> | null = null;
  private gzip: Promise<{ deflated: Buffer; crc: number }> | null = null;

  constructor(
    readonly head: Buffer,
    /** Brotli quality of the head: a kept page is compressed once per few seconds, so well. */
    private readonly brotliQuality = 9,
  ) {}

  /** The body in an encoding: the head (compressed once) and this request's tail. */
  async body(encoding: PageEncoding, tail: Buffer): Promise<Buffer> {
    if (encoding === 'br') {
      this.br ??= brotli(this.head, {
        finishFlush: constants.BROTLI_OPERATION_FLUSH,
        params: { [constants.BROTLI_PARAM_QUALITY]: this.brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: this.head.length },
      });
      const head = await this.br;
      return tail.length ? Buffer.concat([head, ...brotliStored(tail), BROTLI_END]) : Buffer.concat([head, BROTLI_END]);
    }
    if (encoding === 'gzip') {
      this.gzip ??= deflate(this.head, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }).then((deflated) => ({ deflated, crc: crc32.unsigned(this.head) }));
      const { deflated, crc } = await this.gzip;
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc32.unsigned(tail, crc), 0);
      trailer.writeUInt32LE((this.head.length + tail.length) % 0x100000000, 4);
      return Buffer.concat([GZIP_HEADER, deflated, ...storedBlocks(tail), trailer]);
    }
    return Buffer.concat([this.head, tail]);
  }
}
