/** One outgoing SMS or e-mail. */
export interface OutgoingMessage {
  /** Merchant sending it (the tenant of the request). */
  merchantCode: string;
  channel: 'sms' | 'email';
  /** Mobile number (with dialing code) or e-mail address. */
  to: string;
  subject?: string;
  text: string;
}

/**
 * Delivers SMS and e-mail. The embedded default (`OutboxProvider`) stores messages in the
 * outbox table; a real deployment plugs in a gateway here without touching the routes.
 */
export interface MessageProvider {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}
