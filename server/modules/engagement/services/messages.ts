/**
 * Operators' messages to members' message centres (/m/webEmail): to one member, an agent's team
 * (every member below the agent, at any depth) or every member of a merchant. Free-trial accounts
 * are left out: their inbox lives only as long as the trial. The messages and the audit row are
 * written in one transaction.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Executor } from '../../../db/client';
import { members, messages } from '../../../db/schema';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { MEMBER_TYPE } from '../../../repositories/members';
import { excludedInMerchant } from '../../protection';

export type Audience = 'member' | 'team' | 'all';

export interface SendInput {
  merchant: string;
  to: Audience;
  /** The member (`member`) or the agent whose team receives it (`team`). */
  username?: string;
  title: string;
  content: string;
}

export interface SendResult {
  merchant: string;
  to: Audience;
  username?: string;
  sent: number;
}

/** Rows per INSERT: a merchant's whole membership is sent in batches. */
const BATCH = 500;

async function teamOf(tx: Executor, merchantCode: string, agentId: number): Promise<number[]> {
  const team: number[] = [];
  const seen = new Set<number>([agentId]);
  let level = [agentId];
  while (level.length > 0) {
    const rows = await tx
      .select({ id: members.id, type: members.type })
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), inArray(members.uplineId, level)));
    level = [];
    for (const r of rows) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      level.push(r.id);
      if (r.type !== MEMBER_TYPE.TRIAL) team.push(r.id);
    }
  }
  return team;
}

/** Sends one message to the audience; answers how many members received it. */
export async function sendMessage(platform: Platform, actor: OpsActor, input: SendInput): Promise<SendResult> {
  assertMerchant(actor, input.merchant);
  const title = input.title.trim();
  const content = input.content.trim();
  if (!title) throw new OpsRefusal('validation.failed', 'title: not only spaces');
  if (!content) throw new OpsRefusal('validation.failed', 'content: not only spaces');
  const username = input.username?.trim();
  if (input.to === 'all' ? username !== undefined : !username) {
    throw new OpsRefusal('validation.failed', input.to === 'all' ? 'username: not with to=all' : `username: required with to=${input.to}`);
  }
  const target = username ? await platform.repos.members.byUsername(input.merchant, username) : null;
  if (username && (!target || target.type === MEMBER_TYPE.TRIAL)) throw new OpsRefusal('not.found', `no member ${username} in merchant ${input.merchant}`);

  return platform.db.orm.transaction(async (tx) => {
    let ids: number[];
    if (input.to === 'member') ids = [target!.id];
    else if (input.to === 'team') ids = await teamOf(tx, input.merchant, target!.id);
    else {
      const rows = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.merchantCode, input.merchant), ne(members.type, MEMBER_TYPE.TRIAL)));
      ids = rows.map((r) => r.id);
    }
    // Marketing never reaches a member in a time-out or self-exclusion.
    const excluded = await excludedInMerchant(tx, input.merchant);
    ids = ids.filter((id) => !excluded.has(id));
    for (let i = 0; i < ids.length; i += BATCH) {
      await tx.insert(messages).values(ids.slice(i, i + BATCH).map((memberId) => ({ memberId, title, content })));
    }
    await writeAudit(tx, actor, {
      action: 'message.send',
      merchantCode: input.merchant,
      targetType: input.to === 'all' ? 'merchant' : 'member',
      targetId: input.to === 'all' ? input.merchant : target!.id,
      after: { to: input.to, username: target?.username, title, recipients: ids.length },
    });
    return { merchant: input.merchant, to: input.to, ...(target ? { username: target.username } : {}), sent: ids.length };
  });
}
