/**
 * The audit of operator actions: who, when, what, on which row, why, and the row before and
 * after. Written with `tx`, the action's own transaction, so an action and its audit row are
 * kept or lost together.
 */
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';
import type { OpsActor } from './types';

export interface AuditEntry {
  /** `<area>.<verb>`, e.g. `deposit.approve`, `balance.adjust`. */
  action: string;
  merchantCode: string | null;
  targetType: string;
  targetId: string | number;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

export async function writeAudit(tx: Executor, actor: OpsActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: actor.operatorId,
    actor: actor.actor,
    action: entry.action,
    merchantCode: entry.merchantCode,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    reason: entry.reason ?? null,
    before: entry.before === undefined ? null : jsonSafe(entry.before),
    after: entry.after === undefined ? null : jsonSafe(entry.after),
  });
}

/** Rows as JSON: dates as ISO strings, binary content left out (a receipt is not copied into the audit). */
function jsonSafe(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => {
      if (v && typeof v === 'object' && 'type' in v && (v as { type: unknown }).type === 'Buffer') return '[binary]';
      if (v instanceof Uint8Array) return '[binary]';
      return v;
    }),
  );
}
