import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { helpItems } from '../db/schema';

export class HelpRepository {
  constructor(private readonly db: Db) {}

  async list(merchantCode: string, lang: string): Promise<{ id: number; title: string; content: string }[]> {
    return this.db
      .select({ id: helpItems.id, title: helpItems.title, content: helpItems.content })
      .from(helpItems)
      .where(and(eq(helpItems.merchantCode, merchantCode), eq(helpItems.lang, lang)))
      .orderBy(asc(helpItems.sort), asc(helpItems.id));
  }
}
