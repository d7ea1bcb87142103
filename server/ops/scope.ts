import { inArray, type Column, type SQL } from 'drizzle-orm';
import type { OpsActor } from './types';

/**
 * The conditions of an operator's listing: the actor's merchants only, in the query itself (so a
 * limit counts only rows the actor may see), and any other condition. Spread into `and(...)`.
 */
export function opsScope(actor: OpsActor, merchantColumn: Column, extra?: SQL): (SQL | undefined)[] {
  return [actor.merchantCodes === null ? undefined : inArray(merchantColumn, [...actor.merchantCodes]), extra];
}
