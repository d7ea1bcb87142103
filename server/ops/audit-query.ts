/** Reading the audit (`GET /ops/audit`, `ops audit list`): newest first, at most 100 rows. */
import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Platform } from '../platform';
import { auditLog } from '../db/schema';
import type { OpsActor } from './types';

export const AUDIT_MAX_LIMIT = 100;

export interface AuditFilter {
  targetType?: string;
  targetId?: string;
  action?: string;
  since?: Date;
  /** Rows with an id below this one (the next page). */
  before?: number;
  limit?: number;
}

export interface AuditRow {
  id: number;
  at: string;
  actor: string;
  operatorId: number | null;
  action: string;
  merchantCode: string | null;
  targetType: string;
  targetId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
}

/** An operator limited to some merchants sees only their rows. */
export async function listAudit(app: Platform, actor: OpsActor, filter: AuditFilter): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.targetType) where.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(auditLog.targetId, filter.targetId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.since) where.push(gte(auditLog.createdAt, filter.since));
  if (filter.before) where.push(lt(auditLog.id, filter.before));
  if (actor.merchantCodes !== null) where.push(inArray(auditLog.merchantCode, actor.merchantCodes.length > 0 ? [...actor.merchantCodes] : ['']));
  const limit = Math.min(Math.max(1, filter.limit ?? AUDIT_MAX_LIMIT), AUDIT_MAX_LIMIT);
  const found = await app.db.orm
    .select()
    .from(auditLog)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return found.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    actor: r.actor,
    operatorId: r.operatorId,
    action: r.action,
    merchantCode: r.merchantCode,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    before: r.before ?? null,
    after: r.after ?? null,
  }));
}
