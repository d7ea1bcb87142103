import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KeptHead } from '../../../server/lib/kept-answer';
import { helmetHeaders } from '../../../server/plugins/external/helmet';

describe('a kept answer', () => {
  interface Answer {
    info: { name: string; list: number[] };
    note: string;
    location: { ip: string } | null;
    serverTime: string;
  }
  const head = new KeptHead<Answer>({ info: { name: 'Jade "na" ₱', list: [1, 2, 3] }, note: '}}' });

  it('is the envelope of the whole answer, the shared keys first and the visit keys last', () => {
    for (const visit of [{ location: { ip: '10.0.0.1' }, serverTime: '2026-11-29T00:00:00.000Z' }, { location: null, serverTime: 'x' }]) {
      const text = head.answer(visit).text;
      expect(JSON.parse(text)).toEqual({ success: true, value: { info: { name: 'Jade "na" ₱', list: [1, 2, 3] }, note: '}}', ...visit } });
      expect(Object.keys(JSON.parse(text).value)).toEqual(['info', 'note', 'location', 'serverTime']);
    }
    expect(JSON.parse(head.answer({}).text)).toEqual({ success: true, value: { info: { name: 'Jade "na" ₱', list: [1, 2, 3] }, note: '}}' } });
  });

  it('sends its head compressed once and each visit after it', async () => {
    const a = head.answer({ location: { ip: '10.0.0.1' }, serverTime: 't1' });
    const b = head.answer({ location: { ip: '10.0.0.2' }, serverTime: 't2' });
    expect(brotliDecompressSync(await a.head.page.body('br', Buffer.from(a.tail))).toString()).toBe(a.text);
    expect(brotliDecompressSync(await b.head.page.body('br', Buffer.from(b.tail))).toString()).toBe(b.text);
    expect(a.head).toBe(b.head);
  });
});

describe('security headers made once', () => {
  it('are the headers helmet sets, the CSP as configured', () => {
    const headers = new Map(helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } }, crossOriginEmbedderPolicy: false }));
    expect(headers.get('content-security-policy')).toBe("default-src 'self';object-src 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(headers.has('cross-origin-embedder-policy')).toBe(false);
  });
});
