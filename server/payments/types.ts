/**
 * A payment service provider as the platform sees it: create a payment, verify its signed
 * notice, query a payment's status. A real provider is one more adapter of this interface;
 * the tenant's gateway channel names the provider, its configuration comes from the environment.
 */

/** One provider's configuration (PAYMENT_<NAME>_URL, _MERCHANT_ID, _SECRET). Never from a tenant file. */
export interface ProviderConfig {
  url: string;
  merchantId: string;
  secret: string;
}

export interface CreatePaymentInput {
  /** The merchant order id: the deposit's id. */
  orderId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Shown on the provider's page (the merchant's brand). */
  description: string;
  /** Where the provider sends the player back. */
  returnUrl: string;
  /** Where the provider POSTs its signed notice. */
  notifyUrl: string;
  expiresAt: Date;
}

export interface CreatedPayment {
  paymentId: string;
  /** The provider's page, on the provider's own origin. */
  payUrl: string;
}

export interface VerifiedNotice {
  paymentId: string;
  orderId: string;
  /** Minor units, as the provider says it collected. */
  amount: number;
  currency: string;
  status: 'paid' | 'cancelled';
}

export interface PaymentStatus {
  paymentId: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'created' | 'paid' | 'cancelled';
}

export interface SignedNotice {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentProvider {
  readonly name: string;
  /** Throws ProviderUnavailable when the provider cannot be reached or does not answer in time. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Null when the notice is not signed by this provider; else the notice, or an ApiError for a
   * signed notice that is stale or malformed. `nowSeconds` is the platform's clock.
   */
  verifyNotice(notice: SignedNotice, nowSeconds: number): VerifiedNotice | null;
  queryStatus(paymentId: string): Promise<PaymentStatus>;
}

/** The provider is down, slow or answered something unusable: nothing was opened on our side. */
export class ProviderUnavailable extends Error {
  constructor(provider: string, reason: string) {
    super(`payment provider ${provider} unavailable: ${reason}`);
    this.name = 'ProviderUnavailable';
  }
}

/** The name of the reference provider (reference/refpay): demo only, refused in production. */
export const REFERENCE_PROVIDER = 'refpay';
