import type { Platform } from '../../../platform';
import type { Tx } from '../../../db/client';
import type { MemberRow } from '../../../repositories/members';

export interface SessionValue {
  token: string;
  userName: string;
  customerType: number;
  firstTimeLogin: boolean;
  mustChangePassword: boolean;
  expiresAt: string;
}

/**
 * Opens a session for a member inside the caller's transaction and records the login.
 * firstTimeLogin: the member's first session ever, or a password change is required.
 */
export async function openSession(platform: Platform, tx: Tx, member: MemberRow, ip: string): Promise<SessionValue> {
  const firstLogin = member.lastLoginAt === null;
  await platform.repos.members.recordLogin(tx, member.id);
  const { token, expiresAt } = await platform.repos.sessions.create(tx, { memberId: member.id, merchantCode: member.merchantCode, ip, firstLogin });
  return {
    token,
    userName: member.username,
    customerType: member.type,
    firstTimeLogin: firstLogin || member.mustChangePassword,
    mustChangePassword: member.mustChangePassword,
    expiresAt: expiresAt.toISOString(),
  };
}
