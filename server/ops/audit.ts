/**
 * The audit of operator actions (and of the few member actions kept beside them, see memberActor):
 * who, when, what, on which row, why, and the row before and after. Written with `tx`, the action's own transaction, so an action and its audit row are
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

/**
 * A member acting on its own account in a way the audit keeps (an agent opening accounts): not an
 * operator (no operator id, no merchant beyond its own), shown as `member:<merchant>/<username>`.
 */
export function memberActor(member: { merchantCode: string; username: string }): OpsActor {
  return { operatorId: null, actor: `member:${member.merchantCode}/${member.username}`, merchantCodes: [member.merchantCode] };
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
