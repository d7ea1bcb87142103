import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedPage, pageEncoding } from '../../../server/lib/page-encoding';
import { renderUserAgent } from '../../../server/lib/ssr';
import { detectDevice } from '../../../src/features/home/download';

describe('a kept page compressed once, with a per-visit tail', () => {
  // Text that compresses (markup) and text that does not (hex), around the 64 KB block limits.
  const heads = [0, 1, 5_000, 70_000, 250_000].map((n) => Buffer.from(`<html>${'<div class="tile">Jade</div>'.repeat(n / 28)}${randomBytes(n / 20).toString('hex')}`));
  const tails = [0, 1, 300, 65_535, 65_536, 140_000].map((n) => Buffer.from(`${'"location":{"ip":"10.0.0.1"}'.repeat(n / 28)}}</script></body></html>`.slice(-Math.max(n, 1))));

  it('decodes, in gzip and in brotli, to the head followed by the tail, for every size', async () => {
    for (const head of heads) {
      const page = new EncodedPage(head);
      for (const tail of tails) {
        const whole = Buffer.concat([head, tail]);
        expect(gunzipSync(await page.body('gzip', tail)).equals(whole)).toBe(true);
        expect(brotliDecompressSync(await page.body('br', tail)).equals(whole)).toBe(true);
        expect((await page.body('identity', tail)).equals(whole)).toBe(true);
      }
    }
  });

  it('compresses the head once however many visits it serves', async () => {
    const head = heads[3];
    const page = new EncodedPage(head);
    const a = await page.body('br', Buffer.from('{"ip":"10.0.0.1"}'));
    const b = await page.body('br', Buffer.from('{"ip":"10.0.0.2"}'));
    // The same compressed head, then each visit's own bytes.
    expect(a.subarray(0, a.length - 30).equals(b.subarray(0, b.length - 30))).toBe(true);
    expect(a.length).toBeLessThan(head.length / 2);
  });

  it('answers the best encoding the browser accepts', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('deflate')).toBe('identity');
    expect(pageEncoding('')).toBe('identity');
    expect(pageEncoding(undefined)).toBe('identity');
  });
});

describe('the user agent a page is rendered with', () => {
  const agents = [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 10_3_1 like Mac OS X) AppleWebKit/603.1.30 (KHTML, like Gecko) Version/10.0 Mobile/14E304 Safari/602.1',
    'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    'Mozilla/5.0 (iPod touch; CPU iPhone 16_0 like Mac OS X)',
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    'curl/8.5.0',
    '',
  ];

  it('is read by the widgets as the device itself is (platform and iOS version)', () => {
    for (const agent of agents) expect(detectDevice(renderUserAgent(agent)), agent).toEqual(detectDevice(agent));
  });

  it('is one per device kind', () => {
    expect(new Set(agents.map(renderUserAgent))).toEqual(new Set(['iPhone; CPU iPhone OS 17_4', 'iPhone; CPU iPhone OS 10_3', 'iPhone; CPU iPhone OS 12_2', 'iPhone', 'Android', '']));
  });
});
