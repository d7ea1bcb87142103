import type { MemberInfo, Wallet } from '../../generated/api/member';
import { proxy } from 'valtio';
import { patchState, useProxyState } from '../../lib/hydration';

/**
 * What the shell knows about the logged-in member: info, wallet and the badge counters. The SWR
 * hooks that fetch it live in a lazy chunk (the shell's member data loader), which fills this
 * store, so a visitor's first load carries no data-fetching library at all.
 */
export interface MemberData {
  member: MemberInfo | null;
  wallet: Wallet | null;
  /** True while the wallet loads or reloads: the header hides the balance meanwhile. */
  walletLoading: boolean;
  unreadMessages: number;
  unclaimedPromotions: number;
  agentNoticeUnread: number;
  refreshWallet: () => Promise<void>;
}

const EMPTY_MEMBER_DATA: MemberData = {
  member: null,
  wallet: null,
  walletLoading: false,
  unreadMessages: 0,
  unclaimedPromotions: 0,
  agentNoticeUnread: 0,
  refreshWallet: () => Promise.resolve(),
};

const memberState = proxy<MemberData>({ ...EMPTY_MEMBER_DATA });

/** The loader's latest values; readers of unchanged fields do not re-render. */
export function setMemberData(patch: Partial<MemberData>): void {
  patchState(memberState, patch);
}

/** No member any more (logout, or the loader went away): nothing of the last one may show. */
export function clearMemberData(): void {
  patchState(memberState, EMPTY_MEMBER_DATA);
}

/** Reloads the wallet through the loader; resolves at once when no member is loaded. */
export function refreshMemberWallet(): Promise<void> {
  return memberState.refreshWallet();
}

/** One value of the member data; the caller re-renders only when that value changes. */
export function useMemberState<T>(selector: (data: MemberData) => T): T {
  // The server renders no member.
  return useProxyState(memberState, selector, EMPTY_MEMBER_DATA);
}
