import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { MessageProvider, OutgoingMessage } from './types';

const SIGNATURE_HEADER = 'x-signature';
const TIMESTAMP_HEADER = 'x-signature-timestamp';

/**
 * The signature the gateway checks: HMAC-SHA256 with the shared secret over
 * `<timestamp>.<body>` (timestamp in Unix seconds, also sent in X-Signature-Timestamp so the
 * gateway can refuse old replays), sent as `X-Signature: sha256=<hex>`.
 */
function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Loopback hosts may be plain http (a relay on the same machine); everything else needs https. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host);
  return false;
}

/**
 * Posts each message as signed JSON to a gateway URL (an operator's SMS/e-mail relay).
 * Selected with MESSAGE_WEBHOOK_URL + MESSAGE_WEBHOOK_SECRET; the dev outbox route is then not
 * registered. Redirects are not followed (the body carries codes) and count as failures.
 */
export class WebhookProvider implements MessageProvider {
  readonly name = 'webhook';
  private readonly url: URL;

  constructor(
    url: string,
    private readonly secret: string,
    private readonly timeoutMs = 10_000,
  ) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`MESSAGE_WEBHOOK_URL is not a valid URL (got '${url}')`);
    }
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))) {
      throw new Error(`MESSAGE_WEBHOOK_URL must be https (plain http only to a loopback host) (got '${url}')`);
    }
    if (!secret) throw new Error('MESSAGE_WEBHOOK_SECRET is required to sign the message webhook');
    this.url = parsed;
  }

  async send(message: OutgoingMessage): Promise<void> {
    const body = JSON.stringify(message);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: webhookSignature(this.secret, timestamp, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // The answer's body is not needed; release the connection.
    await res.body?.cancel().catch(() => {});
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
      throw new Error(`message gateway answered a redirect (${res.status}); redirects are not followed`);
    }
    if (!res.ok) throw new Error(`message gateway answered ${res.status}`);
  }
}
