import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import type { OutgoingMessage } from '../providers/types';

/** Sends through the configured provider; a provider failure is a clear 502, logged. */
export async function deliver(app: FastifyInstance, message: OutgoingMessage): Promise<void> {
  try {
    await app.messages.send(message);
  } catch (err) {
    app.log.error({ err, channel: message.channel }, 'message provider failed');
    throw new ApiError('message.send.failed', 502);
  }
}
