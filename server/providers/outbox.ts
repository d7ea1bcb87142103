import { and, desc, eq } from 'drizzle-orm';
import type { Logger } from '../platform';
import type { Messages } from '../../src/generated/api/dev';
import type { Db } from '../db/client';
import { maskRecipient } from '../lib/logging';
import { outbox } from '../db/schema';
import type { MessageProvider, OutgoingMessage } from './types';

/** A stored message as GET /wps/dev/outbox lists it. */
export type OutboxEntry = Messages[number];

/**
 * Writes every message to the outbox table, so a developer or a test can read it (per merchant,
 * GET /wps/dev/outbox). The log gets the channel, a masked recipient and the row id, never the text.
 */
export class OutboxProvider implements MessageProvider {
  readonly name = 'outbox';

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const [row] = await this.db
      .insert(outbox)
      .values({
        merchantCode: message.merchantCode,
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? null,
        body: message.text,
      })
      .returning({ id: outbox.id });
    this.log.info({ outbox: { id: row.id, merchantCode: message.merchantCode, channel: message.channel, to: maskRecipient(message.to) } }, 'message stored in the outbox');
  }

  /** The latest messages a merchant sent to one recipient, newest first. */
  async latest(merchantCode: string, to: string, limit = 10): Promise<OutboxEntry[]> {
    const list = await this.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.merchantCode, merchantCode), eq(outbox.recipient, to)))
      .orderBy(desc(outbox.id))
      .limit(limit);
    return list.map((m) => ({
      id: m.id,
      // Only send() writes the table, with an OutgoingMessage's channel.
      channel: m.channel as OutgoingMessage['channel'],
      to: m.recipient,
      subject: m.subject,
      text: m.body,
      createdAt: m.createdAt.toISOString(),
    }));
  }
}
