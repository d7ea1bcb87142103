/**
 * RefPay's public protocol, the only thing it shares with a merchant (written out here, not
 * imported from the platform: RefPay is another party).
 *
 * Merchant -> RefPay (API): `X-RefPay-Merchant: <merchant id>`, `X-RefPay-Timestamp: <unix s>`,
 * `X-RefPay-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<METHOD> <path>.<raw body>")>`.
 * RefPay -> merchant (notice): `X-Gateway-Timestamp`, `X-Gateway-Signature:
 * sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`.
 * Amounts are decimal text with 2 decimals ("500.50").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const MERCHANT_HEADER = 'x-refpay-merchant';
export const API_TIMESTAMP_HEADER = 'x-refpay-timestamp';
export const API_SIGNATURE_HEADER = 'x-refpay-signature';
export const NOTICE_TIMESTAMP_HEADER = 'x-gateway-timestamp';
export const NOTICE_SIGNATURE_HEADER = 'x-gateway-signature';
/** A request signed longer ago than this (or this far ahead) is refused. */
export const MAX_SKEW_SECONDS = 5 * 60;

export const hmac = (secret: string, text: string): string => `sha256=${createHmac('sha256', secret).update(text).digest('hex')}`;

export const apiSigningText = (timestamp: string, method: string, path: string, body: string): string => `${timestamp}.${method.toUpperCase()} ${path}.${body}`;

export const noticeSigningText = (timestamp: string, body: string): string => `${timestamp}.${body}`;

/** Constant-time comparison of two signatures. */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** "500.50" -> 50050; anything else (negative, more decimals, not a number) -> null. */
export function minorOf(text: string): number | null {
  if (!/^\d{1,13}\.\d{2}$/.test(text)) return null;
  const [units, cents] = text.split('.');
  return Number(units) * 100 + Number(cents);
}

export const decimalOf = (minor: number): string => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

export type PaymentStatus = 'created' | 'paid' | 'cancelled';

/** The body of a notice, as RefPay sends it to the merchant's notify URL. */
export interface Notice {
  paymentId: string;
  merchantId: string;
  orderId: string;
  amount: string;
  currency: string;
  status: Exclude<PaymentStatus, 'created'>;
  timestamp: number;
}
