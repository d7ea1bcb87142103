/** Deposit money terms in minor units: fee and bonus by percentOf's one rule (half up), amounts of at most 2 decimals. */
import { describe, expect, it } from 'vitest';
import { depositBonus, depositFee, minorOfAmount } from '../../../server/modules/wallet/services/deposits';
import { percentOf } from '../../../src/domain/money';
import { decimalOf, SignedHttpProvider, signNotice } from '../../../server/payments/signed-http';
import { sniffImage } from '../../../server/lib/images';

describe('deposit money terms', () => {
  it('rounds the fee half up at the minor unit and adds the fixed part', () => {
    expect(depositFee(10_000, { percent: 1.5, fixed: 0 })).toBe(150);
    expect(depositFee(10_033, { percent: 1.5, fixed: 0 })).toBe(150); // 150.495
    expect(depositFee(10_070, { percent: 1.5, fixed: 0 })).toBe(151); // 151.05
    expect(depositFee(10_100, { percent: 0.5, fixed: 0 })).toBe(51); // 50.5 -> half up
    expect(depositFee(10_000, { percent: 0, fixed: 10 })).toBe(1_000);
    expect(depositFee(10_000, { percent: 2.25, fixed: 0.05 })).toBe(230);
    expect(depositFee(1, { percent: 0, fixed: 0 })).toBe(0);
  });

  it('rounds the bonus by the same rule as the fee: half up at the minor unit', () => {
    expect(depositBonus(50_050, 20)).toBe(10_010);
    expect(depositBonus(10_001, 10)).toBe(1_000); // 1000.1
    expect(depositBonus(999, 33.33)).toBe(333); // 332.9667
    expect(depositBonus(10_000, 0)).toBe(0);
    expect(depositBonus(3, 50)).toBe(percentOf(3, 50));
    expect(percentOf(3, 50)).toBe(2); // 1.5
  });

  it('gives the fee of 1.15% on 3,000 minor units as withdrawals do (35)', () => {
    expect(depositFee(3_000, { percent: 1.15, fixed: 0 })).toBe(35);
  });

  it('accepts amounts above 0 with at most 2 decimals only', () => {
    expect(minorOfAmount(500.5, '/amount')).toBe(50_050);
    expect(minorOfAmount(0.3, '/amount')).toBe(30);
    expect(() => minorOfAmount(0.1 + 0.2, '/amount')).toThrow('validation.failed');
    expect(minorOfAmount(1.1, '/amount')).toBe(110);
    for (const bad of [0, -1, 1.005, 100.001, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => minorOfAmount(bad, '/amount'), String(bad)).toThrow('validation.failed');
    }
  });

  it('writes provider amounts as decimal text', () => {
    expect([decimalOf(50_050), decimalOf(5), decimalOf(100), decimalOf(0)]).toEqual(['500.50', '0.05', '1.00', '0.00']);
  });

  it('accepts a notice only with the whole signature of the configured secret and merchant', () => {
    const secret = 'a-provider-secret-of-32-chars!!!';
    const provider = new SignedHttpProvider('acme', { url: 'https://pay.example', merchantId: 'm-1', secret }, 1000);
    const body = (o: Record<string, unknown> = {}) => JSON.stringify({ paymentId: 'pay_abcdefgh', merchantId: 'm-1', orderId: '7', amount: '1.00', currency: 'PHP', status: 'paid', timestamp: 100, ...o });
    const signed = (raw: string, ts = '100', key = secret) => ({ rawBody: raw, headers: { 'x-gateway-timestamp': ts, 'x-gateway-signature': signNotice(key, ts, raw) } });
    expect(provider.verifyNotice(signed(body()), 100)).toEqual({ paymentId: 'pay_abcdefgh', orderId: '7', amount: 100, currency: 'PHP', status: 'paid' });
    const good = signed(body());
    expect(provider.verifyNotice({ ...good, rawBody: body({ amount: '2.00' }) }, 100)).toBeNull();
    expect(provider.verifyNotice({ ...good, headers: { ...good.headers, 'x-gateway-signature': good.headers['x-gateway-signature'].slice(0, -1) } }, 100)).toBeNull();
    expect(provider.verifyNotice(signed(body(), '100', 'another-secret-of-32-characters!'), 100)).toBeNull();
    // Signed with our secret, but for another merchant account of the provider.
    expect(provider.verifyNotice(signed(body({ merchantId: 'm-2' })), 100)).toBeNull();
    expect(() => provider.verifyNotice(signed(body()), 100 + 301)).toThrow('signature.stale');
    expect(() => provider.verifyNotice(signed(body({ timestamp: 99 })), 100)).toThrow('signature.stale');
  });

  it('knows PNG and JPEG by their first bytes', () => {
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
  });
});
