import type { Actor, Platform } from '../../../platform';
import { randomDigits } from '../../../lib/tokens';
import { MEMBER_TYPE } from '../../../repositories/members';
import { openSession, type SessionValue } from './sessions';
import { uniqueViolation } from '../../../db/unique';

/** Play money credited to a new trial account, in minor units. */
const TRIAL_CREDIT = 200_000;

/**
 * Free play: a new trial member (type 4) in the tenant's trial merchant, credited with play
 * money through the ledger, and logged in.
 */
export async function freePlay(platform: Platform, actor: Actor): Promise<SessionValue> {
  const tenant = actor.tenant;
  const merchantCode = tenant.trialMerchantCode;
  const currency = tenant.settings.currency.code;
  for (let attempt = 0; ; attempt++) {
    try {
      return await platform.db.orm.transaction(async (tx) => {
        const member = await platform.repos.members.create(tx, {
          merchantCode,
          username: `try${randomDigits(9)}`,
          type: MEMBER_TYPE.TRIAL,
          registerMethod: 'H5',
          // A trial account is not a member's first login: no first-login popups, no password change.
          lastLoginAt: new Date(),
        });
        const wallet = await platform.repos.ledger.openWallet(tx, merchantCode, member.id, currency);
        const moves = await platform.repos.ledger.memberMoves(tx, { merchantCode, memberId: member.id, currency, walletId: wallet });
        await moves.trialCredit(TRIAL_CREDIT, { memo: 'free play credit' });
        return openSession(platform, tx, member, actor.ip);
      });
    } catch (err) {
      // A random name that already exists: draw again (a handful of times at most).
      const index = uniqueViolation(err);
      if ((index !== 'members_username_uq' && index !== 'members_username_skeleton_uq') || attempt >= 5) throw err;
    }
  }
}
