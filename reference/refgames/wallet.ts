/**
 * RefGames' calls to the platform's wallet, over the signed protocol (docs/vendor-wallet.md).
 *
 * A call whose answer never arrived (a time-out, a network error, `RS_ERROR_UNKNOWN`, an answer
 * whose signature does not verify or that answers another request) is "not answered", and is sent
 * again with the same `request_uuid` and the same `transaction_uuid`, after a growing pause.
 */
import { STATUSES, WalletClient, type Answers, type Endpoint, type Requests, type Signing } from '../vendor-protocol/protocol';

export interface RetryPolicy {
  /** Attempts of a call made while the player waits (the first one included). */
  attempts: number;
  /** Pause after the first failed attempt, doubled after each further one... */
  baseMs: number;
  /** ...up to this. */
  maxMs: number;
  /** Milliseconds an attempt may take. */
  timeoutMs: number;
}

export type Received<E extends Endpoint> = { answered: true; body: Answers[E] } | { answered: false; error: string };

/** The pause before attempt number `attempt + 1` (attempt >= 1). */
export const backoff = (policy: Pick<RetryPolicy, 'baseMs' | 'maxMs'>, attempt: number): number => Math.min(policy.baseMs * 2 ** Math.max(attempt - 1, 0), policy.maxMs);

export class Wallet {
  private readonly client: WalletClient;

  constructor(
    base: string,
    signing: Signing,
    private readonly policy: RetryPolicy,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {
    this.client = new WalletClient({ base, signing, timeoutMs: policy.timeoutMs });
  }

  /** One attempt. The timestamp is the time of sending; everything else is `request` as given. */
  async attempt<E extends Endpoint>(endpoint: E, request: Requests[E] & { request_uuid: string }): Promise<Received<E>> {
    let call;
    try {
      call = await this.client.call(endpoint, request);
    } catch (err) {
      const e = err as Error;
      return { answered: false, error: e.name === 'TimeoutError' || e.name === 'AbortError' ? 'time-out' : `network: ${e.message}` };
    }
    if (!call.signed) return { answered: false, error: `answer not signed by the wallet (HTTP ${call.http})` };
    const body = call.body as Answers[E] | null;
    if (typeof body !== 'object' || body === null || !(STATUSES as readonly string[]).includes(body.status)) return { answered: false, error: `answer without a status (HTTP ${call.http})` };
    if (body.request_uuid !== undefined && body.request_uuid !== request.request_uuid) return { answered: false, error: 'answer to another request' };
    if (body.status === 'RS_ERROR_UNKNOWN') return { answered: false, error: 'RS_ERROR_UNKNOWN' };
    return { answered: true, body };
  }

  /** Attempts with pauses between them: the first answer, or "not answered" after the last attempt. */
  async call<E extends Endpoint>(endpoint: E, request: Requests[E] & { request_uuid: string }): Promise<Received<E>> {
    let last: Received<E> = { answered: false, error: 'not sent' };
    for (let i = 0; i < this.policy.attempts; i++) {
      if (i > 0) await this.sleep(backoff(this.policy, i));
      last = await this.attempt(endpoint, request);
      if (last.answered) return last;
    }
    return last;
  }
}
