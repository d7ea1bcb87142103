import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';

/**
 * The jti (single-use id) of every encrypted body that was decrypted, kept until its iat would
 * be refused anyway. The insert is the check: a jti already present is a replay.
 */
export class JweReplayRepository {
  constructor(private readonly db: Db) {}

  /** Records a jti; false when it was already used (an expired row is taken over). */
  async remember(jti: string, ttlSeconds: number): Promise<boolean> {
    const inserted = await rows<{ jti: string }>(
      this.db,
      sql`INSERT INTO jwe_replays AS r (jti, expires_at) VALUES (${jti}, now() + make_interval(secs => ${ttlSeconds}))
          ON CONFLICT (jti) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE r.expires_at <= now()
          RETURNING jti`,
    );
    return inserted.length === 1;
  }
}
