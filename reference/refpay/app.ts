/**
 * RefPay, the reference payment provider: its own Fastify app, process, port, merchants and
 * store. The platform reaches it only over HTTP, as any payment service provider:
 *
 *  - POST /api/payments (signed by the merchant): opens a payment for a merchant order and
 *    answers its id and the page on RefPay's own origin. Asked again for the same order with the
 *    same terms, it answers the same payment (so a merchant may retry safely).
 *  - GET /api/payments/:id (signed): the payment's status.
 *  - GET /pay/:id: the hosted page, whose Confirm / Cancel forms decide the payment once; then
 *    the signed notice is POSTed to the merchant's notify URL, retried with backoff until 2xx.
 */
import { randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { isPayable, paymentPage, STYLE } from './page';
import {
  API_SIGNATURE_HEADER,
  API_TIMESTAMP_HEADER,
  apiSigningText,
  decimalOf,
  hmac,
  MAX_SKEW_SECONDS,
  MERCHANT_HEADER,
  minorOf,
  NOTICE_SIGNATURE_HEADER,
  NOTICE_TIMESTAMP_HEADER,
  noticeSigningText,
  sameSignature,
  type Notice,
} from './protocol';
import { PaymentStore, type Payment } from './store';

interface RetryOptions {
  /** Delay after the first failed attempt; doubled after each further one. */
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
  /** How often due notices are looked for; 0: never by itself (tests call `deliverDue`). */
  tickMs: number;
}

export interface RefPayOptions {
  /** Merchant id -> shared secret (at least 16 characters). */
  merchants: Record<string, string>;
  /** The origin players reach RefPay on (its pages' URLs), e.g. http://localhost:8090; default http://127.0.0.1:<the port it listens on>. */
  publicUrl?: string;
  /** Where payments are kept across restarts; omitted: in memory. */
  dataDir?: string;
  logger?: FastifyServerOptions['logger'];
  retry?: Partial<RetryOptions>;
  /** Milliseconds a notice delivery may take before it counts as failed. */
  deliveryTimeoutMs?: number;
}

const DEFAULT_RETRY: RetryOptions = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 12, tickMs: 5_000 };
const MERCHANT_ID = /^[A-Za-z0-9_-]{3,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    refpay: { store: PaymentStore; deliverDue(): Promise<number>; deliveries: number };
  }
}

/** Paths without payment ids and without query strings, for the request log. */
function redactUrl(url: string): string {
  const path = url.split('?')[0];
  return path.replace(/^\/pay\/(?!provider\.css$)[^/]+/, '/pay/:id').replace(/^\/api\/payments\/[^/]+/, '/api/payments/:id');
}

/** RFC 6761: names under .localhost are loopback (Node's resolver does not know it). */
function lookup(hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    if ((options as { all?: boolean }).all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
    return;
  }
  dnsLookup(hostname, options, callback as never);
}

/** POSTs `body` to `url`; answers the status code (network errors and time-outs throw). */
function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

const fail = (reply: FastifyReply, status: number, error: string, message: string) => reply.code(status).send({ error, message });

export async function buildRefPay(options: RefPayOptions): Promise<FastifyInstance> {
  for (const [id, secret] of Object.entries(options.merchants)) {
    if (!MERCHANT_ID.test(id)) throw new Error(`RefPay merchant id '${id}' must be 3-64 letters, digits, _ or -`);
    if (secret.length < 16) throw new Error(`RefPay merchant ${id}: the secret must have at least 16 characters`);
  }
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 5_000;
  const store = new PaymentStore(options.dataDir);
  // Request lines without payment ids or query strings; headers (signatures) are never logged.
  const logger = options.logger
    ? { ...(typeof options.logger === 'object' ? options.logger : {}), serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }) } }
    : false;
  const app = Fastify({ logger, bodyLimit: 16 * 1024 });

  const rawBodies = new WeakMap<FastifyRequest, string>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, String(body));
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('body is not JSON'), { statusCode: 400 }));
    }
  });
  // The page's forms carry no fields: the decision is the URL.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  /** The merchant of a signed API request, or an answer refusing it. */
  function merchantOf(request: FastifyRequest, reply: FastifyReply): string | null {
    const merchantId = request.headers[MERCHANT_HEADER];
    const timestamp = request.headers[API_TIMESTAMP_HEADER];
    const signature = request.headers[API_SIGNATURE_HEADER];
    const secret = typeof merchantId === 'string' ? options.merchants[merchantId] : undefined;
    const raw = rawBodies.get(request) ?? '';
    const path = request.url.split('?')[0];
    if (!secret || typeof timestamp !== 'string' || !sameSignature(hmac(secret, apiSigningText(timestamp, request.method, path, raw)), signature as string | undefined)) {
      fail(reply, 401, 'signature.invalid', 'unknown merchant or bad signature');
      return null;
    }
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) {
      fail(reply, 401, 'signature.stale', 'timestamp too far from now');
      return null;
    }
    return merchantId as string;
  }

  const publicUrl = () => options.publicUrl?.replace(/\/+$/, '') ?? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const statusOf = (p: Payment) => ({
    paymentId: p.id,
    orderId: p.orderId,
    amount: decimalOf(p.amount),
    currency: p.currency,
    status: p.status,
    payUrl: `${publicUrl()}/pay/${encodeURIComponent(p.id)}`,
    expiresAt: p.expiresAt,
  });

  const createSchema = {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['orderId', 'amount', 'currency', 'description', 'returnUrl', 'notifyUrl'],
      properties: {
        orderId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
        amount: { type: 'string', pattern: '^\\d{1,13}\\.\\d{2}$' },
        currency: { type: 'string', pattern: '^[A-Z]{3}$' },
        description: { type: 'string', minLength: 1, maxLength: 80 },
        returnUrl: { type: 'string', pattern: '^https?://', maxLength: 500 },
        notifyUrl: { type: 'string', pattern: '^https?://', maxLength: 500 },
        expiresAt: { type: 'string', format: 'date-time' },
      },
    },
  };

  app.post<{ Body: { orderId: string; amount: string; currency: string; description: string; returnUrl: string; notifyUrl: string; expiresAt?: string } }>(
    '/api/payments',
    { schema: createSchema },
    async (request, reply) => {
      const merchantId = merchantOf(request, reply);
      if (!merchantId) return reply;
      const b = request.body;
      const amount = minorOf(b.amount);
      if (amount === null || amount <= 0) return fail(reply, 400, 'amount.invalid', 'amount must be more than 0.00');
      const existing = store.byMerchantOrder(merchantId, b.orderId);
      if (existing) {
        // The same order asked again (a retry): the same payment, if the terms are the same.
        if (existing.amount !== amount || existing.currency !== b.currency) return fail(reply, 409, 'order.conflict', 'this order has a payment with other terms');
        return statusOf(existing);
      }
      const expiresAt = b.expiresAt ? new Date(b.expiresAt) : new Date(Date.now() + 30 * 60_000);
      const payment: Payment = {
        id: `pay_${randomBytes(24).toString('base64url')}`,
        merchantId,
        orderId: b.orderId,
        amount,
        currency: b.currency,
        description: b.description,
        returnUrl: b.returnUrl,
        notifyUrl: b.notifyUrl,
        status: 'created',
        createdAt: new Date().toISOString(),
        expiresAt: expiresAt.toISOString(),
        decidedAt: null,
        deliveredAt: null,
        attempts: 0,
        nextAttemptAt: null,
        lastError: null,
      };
      store.insert(payment);
      return reply.code(201).send(statusOf(payment));
    },
  );

  app.get<{ Params: { id: string } }>('/api/payments/:id', async (request, reply) => {
    const merchantId = merchantOf(request, reply);
    if (!merchantId) return reply;
    const p = store.get(request.params.id);
    // Another merchant's payment is as unknown as a missing one.
    if (!p || p.merchantId !== merchantId) return fail(reply, 404, 'not.found', 'no such payment');
    return statusOf(p);
  });

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

  app.get('/pay/provider.css', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLE));

  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const p = store.get(request.params.id);
    if (!p) return fail(noStore(reply), 404, 'not.found', 'no such payment');
    return noStore(reply).type('text/html; charset=utf-8').send(paymentPage(p));
  });

  for (const [action, status] of [
    ['confirm', 'paid'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/pay/:id/${action}`, async (request, reply) => {
      const now = new Date();
      // Decided once; a second press (or the other button afterwards) changes nothing. Past its
      // time a payment can no longer be paid.
      const { changed, payment } = store.update(
        request.params.id,
        { status, decidedAt: now.toISOString(), nextAttemptAt: now.toISOString() },
        (p) => (status === 'paid' ? isPayable(p, now) : p.status === 'created'),
      );
      if (!payment) return fail(noStore(reply), 404, 'not.found', 'no such payment');
      if (changed) await deliver(payment);
      return noStore(reply).redirect(payment.returnUrl, 303);
    });
  }

  app.get('/health', async () => ({ ok: true }));

  /** The signed notice of a decided payment, and its outcome recorded (the next attempt on a failure). */
  async function deliver(payment: Payment): Promise<void> {
    const secret = options.merchants[payment.merchantId];
    const timestamp = Math.floor(Date.now() / 1000);
    const notice: Notice = {
      paymentId: payment.id,
      merchantId: payment.merchantId,
      orderId: payment.orderId,
      amount: decimalOf(payment.amount),
      currency: payment.currency,
      status: payment.status as Notice['status'],
      timestamp,
    };
    const body = JSON.stringify(notice);
    let error: string | null = null;
    app.refpay.deliveries += 1;
    try {
      const status = await post(
        payment.notifyUrl,
        {
          'content-type': 'application/json',
          [NOTICE_TIMESTAMP_HEADER]: String(timestamp),
          [NOTICE_SIGNATURE_HEADER]: hmac(secret, noticeSigningText(String(timestamp), body)),
        },
        body,
        deliveryTimeoutMs,
      );
      if (status < 200 || status >= 300) error = `merchant answered ${status}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const attempts = payment.attempts + 1;
    const delay = Math.min(retry.baseMs * 2 ** (attempts - 1), retry.maxMs);
    store.update(
      payment.id,
      error === null
        ? { deliveredAt: new Date().toISOString(), attempts, nextAttemptAt: null, lastError: null }
        : { attempts, lastError: error, nextAttemptAt: attempts >= retry.maxAttempts ? null : new Date(Date.now() + delay).toISOString() },
    );
    // The order id says which notice; never the payment id, the URL or the signature.
    if (error !== null) app.log.warn({ merchantId: payment.merchantId, orderId: payment.orderId, attempts, error }, 'notice not delivered');
  }

  let delivering: Promise<number> | undefined;
  /** Sends the notices that are due; one run at a time. */
  async function deliverDue(): Promise<number> {
    if (delivering) return delivering;
    delivering = (async () => {
      const due = store.due(new Date());
      for (const p of due) await deliver(p);
      return due.length;
    })().finally(() => {
      delivering = undefined;
    });
    return delivering;
  }

  app.decorate('refpay', { store, deliverDue, deliveries: 0 });

  if (retry.tickMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void deliverDue().catch((err: unknown) => app.log.error({ err }, 'notice delivery failed')), retry.tickMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await delivering;
    });
  }
  return app;
}
