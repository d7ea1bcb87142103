import { randomUUID } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { captchas } from '../db/schema';
import { randomDigits, sameHash, sha256 } from '../lib/tokens';

export const CAPTCHA_TTL_MS = 5 * 60_000;
const CAPTCHA_LENGTH = 6;

const hashOf = (id: string, code: string) => sha256(`${id}:${code}`);

export class CaptchaRepository {
  constructor(private readonly db: Db) {}

  /** A new captcha: its id (returned to the client) and its code (drawn into the image). */
  async create(opts: { keepForDev?: boolean } = {}): Promise<{ id: string; code: string; expiresAt: Date }> {
    const id = randomUUID();
    const code = randomDigits(CAPTCHA_LENGTH);
    const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
    // Sweep a few expired rows on the way, so the table stays small without a timer.
    await this.db.delete(captchas).where(lt(captchas.expiresAt, sql`now() - interval '1 hour'`));
    await this.db.insert(captchas).values({ id, codeHash: hashOf(id, code), devCode: opts.keepForDev ? code : null, expiresAt });
    return { id, code, expiresAt };
  }

  /** The digits of a live captcha, when they were kept for development (never with a real provider). */
  async revealForDev(id: string): Promise<string | null> {
    const [row] = await rows<{ dev_code: string | null }>(
      this.db,
      sql`SELECT dev_code FROM captchas WHERE id = ${id} AND expires_at > now()`,
    );
    return row?.dev_code ?? null;
  }

  /** Single use: any attempt, right or wrong, consumes the captcha. */
  async verify(id: string, code: string): Promise<boolean> {
    const [row] = await rows<{ code_hash: string; live: boolean }>(
      this.db,
      sql`DELETE FROM captchas WHERE id = ${id} RETURNING code_hash, expires_at > now() AS live`,
    );
    return Boolean(row?.live) && sameHash(row.code_hash, hashOf(id, code));
  }
}
