/**
 * The adapter of providers that speak the signed HTTP protocol RefPay documents
 * (reference/refpay/protocol.ts): HMAC-SHA256 over "<timestamp>.<METHOD> <path>.<body>" on API
 * calls, over "<timestamp>.<raw body>" on notices. Reached with fetch and a time-out.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { minorText, toMinor } from '../../src/domain/money';
import { ApiError } from '../errors';
import { ProviderUnavailable, type CreatePaymentInput, type CreatedPayment, type PaymentProvider, type PaymentStatus, type ProviderConfig, type SignedNotice, type VerifiedNotice } from './types';

const NOTICE_SIGNATURE_HEADER = 'x-gateway-signature';
const NOTICE_TIMESTAMP_HEADER = 'x-gateway-timestamp';
/** A notice signed longer ago than this (or this far in the future) is refused. */
const MAX_NOTICE_AGE_SECONDS = 5 * 60;

const sign = (secret: string, text: string): string => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;

export const signNotice = (secret: string, timestamp: string, rawBody: string): string => sign(secret, `${timestamp}.${rawBody}`);

function same(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Minor units as the protocol writes amounts: decimal text with 2 decimals. */
export const decimalOf = (minor: number): string => minorText(minor);
function minorOfDecimal(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\d{1,13}\.\d{2}$/.test(text)) return null;
  return toMinor(Number(text));
}

const header = (h: SignedNotice['headers'], name: string): string | undefined => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

export class SignedHttpProvider implements PaymentProvider {
  constructor(
    readonly name: string,
    private readonly config: ProviderConfig,
    private readonly timeoutMs: number,
  ) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const url = new URL(path, this.config.url.endsWith('/') ? this.config.url : `${this.config.url}/`);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-refpay-merchant': this.config.merchantId,
          'x-refpay-timestamp': timestamp,
          'x-refpay-signature': sign(this.config.secret, `${timestamp}.${method} ${url.pathname}.${raw}`),
        },
        body: body === undefined ? undefined : raw,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : 'not reachable';
      throw new ProviderUnavailable(this.name, reason);
    }
    let json: Record<string, unknown> = {};
    try {
      json = (await res.json()) as Record<string, unknown>;
    } catch {
      throw new ProviderUnavailable(this.name, `answered ${res.status} without JSON`);
    }
    return { status: res.status, json };
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const { status, json } = await this.call('POST', 'api/payments', {
      orderId: input.orderId,
      amount: decimalOf(input.amount),
      currency: input.currency,
      description: input.description,
      returnUrl: input.returnUrl,
      notifyUrl: input.notifyUrl,
      expiresAt: input.expiresAt.toISOString(),
    });
    if (status !== 200 && status !== 201) throw new ProviderUnavailable(this.name, `answered ${status} ${String(json.error ?? '')}`);
    const { paymentId, payUrl, orderId, amount, currency } = json;
    // The provider's answer must be the payment we asked for, on an http(s) page.
    if (typeof paymentId !== 'string' || !/^[A-Za-z0-9_-]{8,128}$/.test(paymentId) || typeof payUrl !== 'string' || !/^https?:\/\//.test(payUrl)) {
      throw new ProviderUnavailable(this.name, 'answered an unusable payment');
    }
    if (orderId !== input.orderId || minorOfDecimal(amount) !== input.amount || currency !== input.currency) {
      throw new ProviderUnavailable(this.name, 'answered a payment of other terms');
    }
    return { paymentId, payUrl };
  }

  verifyNotice(notice: SignedNotice, nowSeconds: number): VerifiedNotice | null {
    const timestamp = header(notice.headers, NOTICE_TIMESTAMP_HEADER) ?? '';
    if (!same(signNotice(this.config.secret, timestamp, notice.rawBody), header(notice.headers, NOTICE_SIGNATURE_HEADER))) return null;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(notice.rawBody) as Record<string, unknown>;
    } catch {
      throw new ApiError('body.malformed', 400);
    }
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > MAX_NOTICE_AGE_SECONDS || body.timestamp !== Number(timestamp)) {
      throw new ApiError('signature.stale', 400);
    }
    // Signed with our secret but for another merchant account: not ours.
    if (body.merchantId !== this.config.merchantId) return null;
    const amount = minorOfDecimal(body.amount);
    if (typeof body.paymentId !== 'string' || typeof body.orderId !== 'string' || amount === null || typeof body.currency !== 'string' || (body.status !== 'paid' && body.status !== 'cancelled')) {
      throw new ApiError('body.malformed', 400);
    }
    return { paymentId: body.paymentId, orderId: body.orderId, amount, currency: body.currency, status: body.status };
  }

  async queryStatus(paymentId: string): Promise<PaymentStatus> {
    const { status, json } = await this.call('GET', `api/payments/${encodeURIComponent(paymentId)}`);
    if (status === 404) throw new ApiError('not.found', 404);
    if (status !== 200) throw new ProviderUnavailable(this.name, `answered ${status}`);
    const amount = minorOfDecimal(json.amount);
    if (json.paymentId !== paymentId || typeof json.orderId !== 'string' || amount === null || typeof json.currency !== 'string' || !['created', 'paid', 'cancelled'].includes(json.status as string)) {
      throw new ProviderUnavailable(this.name, 'answered an unusable status');
    }
    return { paymentId, orderId: json.orderId, amount, currency: json.currency, status: json.status as PaymentStatus['status'] };
  }
}
