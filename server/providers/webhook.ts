import type { MessageProvider, OutgoingMessage } from './types';

/**
 * Posts each message as JSON to a gateway URL (an operator's SMS/e-mail relay).
 * Selected with MESSAGE_WEBHOOK_URL; the dev outbox route is then not registered.
 */
export class WebhookProvider implements MessageProvider {
  readonly name = 'webhook';

  constructor(private readonly url: string) {}

  async send(message: OutgoingMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`message gateway answered ${res.status}`);
  }
}
