/**
 * The browser's deposit calls (src/features/wallet/api/deposits.ts) against the real server: the
 * client's requests, headers and raw receipt body are what the routes take, and a retry with the
 * same Idempotency-Key answers the first deposit.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cancelDeposit,
  createDeposit,
  getDeposit,
  getDepositChannels,
  listDeposits,
  newIdempotencyKey,
  reopenDepositPayment,
  sendDepositReference,
  uploadDepositReceipt,
} from '../../../src/features/wallet';
import { ApiFailure, configureApi } from '../../../src/lib/api/client';
import { PH, startServer, tokenFor, type TestServer } from '../../server/helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;

beforeAll(async () => {
  server = await startServer('pglite');
  const token = await tokenFor(server.app, 'demoplayer');
  configureApi({ token: () => token });
  // The client's fetch answered by the server in this process, as the demo-ph site; the server's
  // own calls to the payment provider (absolute URLs) still go over the network to RefPay.
  const networkFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string | URL, init: RequestInit) => {
    if (typeof url !== 'string' || /^https?:/.test(url)) return networkFetch(url, init);
    const body = init.body instanceof Blob ? Buffer.from(await init.body.arrayBuffer()) : (init.body as string | undefined);
    const res = await server.app.inject({
      method: init.method as 'GET',
      url,
      headers: { ...(init.headers as Record<string, string>), host: PH },
      payload: body,
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  });
}, 60_000);

afterAll(async () => {
  vi.unstubAllGlobals();
  configureApi({ token: () => null });
  await server?.close();
});

describe('deposit calls against the server', () => {
  it('channels, a manual deposit with its reference and receipt, the list', async () => {
    const { channels, currencySymbol } = await getDepositChannels();
    expect(currencySymbol).toBeTruthy();
    const manual = channels.find((c) => c.provider === 'manual');
    expect(manual).toBeDefined();
    const created = await createDeposit({ channelId: manual!.id, amount: manual!.min }, newIdempotencyKey());
    expect(created).toMatchObject({ state: 'pending', provider: 'manual', amount: manual!.min });
    expect(created.account?.accountNo).toBeTruthy();
    expect((await sendDepositReference(created.id, 'BPI-2030-0001')).reference).toBe('BPI-2030-0001');
    expect((await uploadDepositReceipt(created.id, new Blob([PNG], { type: 'image/png' }))).hasReceipt).toBe(true);
    // A receipt that is not what it claims is refused by the server with its reason.
    const refused = await uploadDepositReceipt(created.id, new Blob([PNG], { type: 'image/jpeg' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect((refused as ApiFailure).messageKey).toBe('err_receipt_invalid');
    expect((await getDeposit(created.id)).reference).toBe('BPI-2030-0001');
    expect((await listDeposits()).list.map((d) => d.id)).toContain(created.id);
  });

  it('a gateway deposit: the same key answers the same deposit; its pay page; cancelled', async () => {
    const { channels } = await getDepositChannels();
    const gateway = channels.find((c) => c.provider === 'gateway')!;
    const key = newIdempotencyKey();
    const first = await createDeposit({ channelId: gateway.id, amount: gateway.min }, key);
    const again = await createDeposit({ channelId: gateway.id, amount: gateway.min }, key);
    expect(again.id).toBe(first.id);
    expect(new URL(first.payUrl!).origin).toBe(new URL(server.payment.url).origin);
    // "Try again" on a deposit whose payment is open answers the same payment.
    expect((await reopenDepositPayment(first.id)).payUrl).toBe(first.payUrl);
    expect((await cancelDeposit(first.id)).state).toBe('cancelled');
    const below = await createDeposit({ channelId: gateway.id, amount: gateway.min - 1 }, newIdempotencyKey()).catch((e: unknown) => e);
    expect((below as ApiFailure).errorCode).toBe('deposit.amount.below.min');
    expect((below as ApiFailure).value).toMatchObject({ min: gateway.min });
  });
});
