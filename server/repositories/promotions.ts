import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { promotions } from '../db/schema';

export class PromotionRepository {
  constructor(private readonly db: Db) {}

  /** Enabled promotions of the given types (the tenant's enabled promotion types). */
  async list(merchantCode: string, types: string[], lang: string) {
    if (types.length === 0) return [];
    return this.db
      .select({
        id: promotions.id,
        type: promotions.type,
        title: promotions.title,
        content: promotions.content,
        imageUrl: promotions.imageUrl,
      })
      .from(promotions)
      .where(and(eq(promotions.merchantCode, merchantCode), eq(promotions.enabled, true), inArray(promotions.type, types), or(isNull(promotions.lang), eq(promotions.lang, lang))))
      .orderBy(asc(promotions.sort), asc(promotions.id));
  }
}
