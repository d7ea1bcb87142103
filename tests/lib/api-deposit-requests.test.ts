/** What the deposit calls put on the wire: the Idempotency-Key header, and a receipt as the raw image body. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeposit, newIdempotencyKey, uploadDepositReceipt } from '../../src/features/wallet';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function stubFetch(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body });
      return new Response(JSON.stringify({ success: true, value: { id: 1 } }), { status: 200 });
    }),
  );
  return sent;
}

describe('deposit requests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('create sends its JSON body with the Idempotency-Key it is given', async () => {
    const sent = stubFetch();
    const key = newIdempotencyKey();
    await createDeposit({ channelId: 'gcash', amount: 500 }, key);
    expect(sent[0]).toMatchObject({ url: '/wps/wallet/deposits', method: 'POST' });
    expect(sent[0].headers['idempotency-key']).toBe(key);
    expect(sent[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(sent[0].body))).toEqual({ channelId: 'gcash', amount: 500 });
  });

  it('keys are fresh and of the form the server takes', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
  });

  it('a receipt goes as the raw image with its own content type', async () => {
    const sent = stubFetch();
    const image = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    await uploadDepositReceipt(12, image);
    expect(sent[0]).toMatchObject({ url: '/wps/wallet/deposits/12/receipt', method: 'PUT' });
    expect(sent[0].headers['content-type']).toBe('image/jpeg');
    expect(sent[0].body).toBe(image);
  });
});
