import type { Platform } from '../../../platform';
import { ApiError } from '../../../errors';
import { maskRecipient } from '../../../lib/logging';
import type { OutgoingMessage } from '../../../providers/types';

/**
 * Sends through the configured provider; a provider failure is a clear 502, logged without the
 * message text or the full recipient (the text carries codes and temporary passwords).
 */
export async function deliver(platform: Platform, message: OutgoingMessage): Promise<void> {
  try {
    await platform.messages.send(message);
  } catch (err) {
    const e = err as { name?: string; code?: string; statusCode?: number };
    platform.log.error(
      { channel: message.channel, to: maskRecipient(message.to), merchantCode: message.merchantCode, error: { name: e?.name, code: e?.code, statusCode: e?.statusCode } },
      'message provider failed',
    );
    throw new ApiError('message.send.failed', 502);
  }
}
