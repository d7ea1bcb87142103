/**
 * Payout accounts: where withdrawals are paid to. A bank or e-wallet account of one of the
 * tenant's payout providers (settings.wallet.payoutProviders), its number matching the
 * provider's accountPattern, in the member's verified real name (an approved identity check).
 * At most MAX_PAYOUT_ACCOUNTS live per member; removal (with the payment password) is a soft
 * delete, so past withdrawals keep their account. Numbers leave the server masked (****7890).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { NewPayoutAccount, PayoutAccount } from '../../../../src/generated/api/security-centre';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Executor } from '../../../db/client';
import { payoutAccounts } from '../../../db/schema';
import { ApiError, validationError } from '../../../errors';
import type { MemberRow } from '../../../repositories/members';
import { sameName, verifiedRealName } from '../../account';
import { checkPaymentPassword } from '../../account';
import { lockMember } from '../../../money';

export const MAX_PAYOUT_ACCOUNTS = 5;

type AccountRow = typeof payoutAccounts.$inferSelect;

export const maskAccountNo = (no: string): string => `****${no.slice(-4)}`;

export function presentAccount(tenant: Tenant, row: AccountRow): PayoutAccount {
  const provider = tenant.settings.wallet.payoutProviders.find((p) => p.code === row.providerCode);
  return {
    id: row.id,
    kind: row.kind,
    providerCode: row.providerCode,
    providerName: provider?.name ?? row.providerCode,
    accountNo: maskAccountNo(row.accountNo),
    holderName: row.holderName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's live accounts, newest first. */
export async function liveAccounts(db: Executor, memberId: number): Promise<AccountRow[]> {
  return db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.deletedAt)))
    .orderBy(desc(payoutAccounts.id));
}

/** One live account of the member, or null (another member's id is null too). */
export async function liveAccount(db: Executor, memberId: number, id: number): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.deletedAt)));
  return row ?? null;
}

/** Adds an account; see the module comment for the rules. */
export async function addPayoutAccount(platform: Platform, tenant: Tenant, memberId: number, body: NewPayoutAccount): Promise<PayoutAccount> {
  const provider = tenant.settings.wallet.payoutProviders.find((p) => p.code === body.providerCode && p.kind === body.kind);
  if (!provider) throw validationError('/providerCode', { location: 'body', reason: 'not a payout provider of this kind' });
  // Spaces and dashes are how people copy numbers; the provider's pattern sees the digits.
  const accountNo = body.accountNo.replace(/[\s-]/g, '');
  if (!new RegExp(provider.accountPattern).test(accountNo)) throw validationError('/accountNo', { location: 'body', reason: `must match ${provider.accountPattern}` });
  const holderName = body.holderName.trim().replace(/\s+/g, ' ');
  return platform.db.orm.transaction(async (tx) => {
    // The member's row lock serialises adds: two racing adds cannot pass the limit together.
    await lockMember(tx, memberId);
    const realName = await verifiedRealName(tx, memberId);
    if (realName === null) throw new ApiError('identity.unverified', 403);
    if (!sameName(realName, holderName)) throw new ApiError('payout.name.mismatch', 400, { field: '/holderName' });
    const live = await liveAccounts(tx, memberId);
    if (live.some((a) => a.providerCode === provider.code && a.accountNo === accountNo)) throw new ApiError('payout.account.exists', 409);
    if (live.length >= MAX_PAYOUT_ACCOUNTS) throw new ApiError('payout.account.limit', 409, { max: MAX_PAYOUT_ACCOUNTS });
    const [row] = await tx
      .insert(payoutAccounts)
      .values({ merchantCode: tenant.merchantCode, memberId, kind: provider.kind, providerCode: provider.code, accountNo, holderName: realName })
      .returning();
    return presentAccount(tenant, row);
  });
}

/** Removes (soft-deletes) one of the member's accounts after checking the payment password. */
export async function deletePayoutAccount(platform: Platform, member: MemberRow, id: number, paymentPassword: string): Promise<void> {
  // An unknown or foreign id answers before the password is checked: nothing to guess for.
  if (!(await liveAccount(platform.db.orm, member.id, id))) throw new ApiError('not.found', 404);
  await checkPaymentPassword(platform, member, paymentPassword);
  const removed = await platform.db.orm
    .update(payoutAccounts)
    .set({ deletedAt: new Date() })
    .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.memberId, member.id), isNull(payoutAccounts.deletedAt)))
    .returning({ id: payoutAccounts.id });
  if (removed.length === 0) throw new ApiError('not.found', 404);
}
