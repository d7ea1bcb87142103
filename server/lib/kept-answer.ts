import { ok } from '../errors';
import { EncodedPage } from './page-encoding';

/**
 * The shared part of an answer, kept: the envelope and every key but the visit's own, serialised
 * and compressed once (EncodedPage). The visit's keys must be the answer schema's last keys
 * (the startup settings' `location` and `serverTime`, schemas/api/system.json).
 */
export class KeptHead<T extends object> {
  readonly text: string;
  readonly page: EncodedPage;

  constructor(shared: Partial<T>) {
    // `{"success":true,"value":{...shared}}` without its two closing braces: the visit's keys follow.
    const envelope = JSON.stringify(ok(shared));
    this.text = envelope.slice(0, -2);
    this.page = new EncodedPage(Buffer.from(this.text));
  }

  /** This visit's answer: the kept part, then the visit's keys and the closing braces. */
  answer(visit: Partial<T>): KeptAnswer<T> {
    const keys = JSON.stringify(visit);
    return new KeptAnswer<T>(this, keys === '{}' ? '}}' : `,${keys.slice(1)}}`);
  }
}

/** An answer made of a kept head and this request's tail (lib/route.ts sends it; the compress plugin encodes it). */
export class KeptAnswer<T extends object> {
  /** Only to carry the answer's type. */
  declare readonly value?: T;

  constructor(
    readonly head: KeptHead<T>,
    readonly tail: string,
  ) {}

  get text(): string {
    return this.head.text + this.tail;
  }
}
