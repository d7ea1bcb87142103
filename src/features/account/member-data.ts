import { createContext, useContext } from 'react';
import type { MemberInfo, Wallet } from '../../generated/api/member';

/**
 * What the shell knows about the logged-in member: info, wallet and the badge counters. The SWR
 * hooks that fetch it live in a lazy chunk (member-data-bridge), so a visitor's first load
 * carries no data-fetching library at all.
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

export const EMPTY_MEMBER_DATA: MemberData = {
  member: null,
  wallet: null,
  walletLoading: false,
  unreadMessages: 0,
  unclaimedPromotions: 0,
  agentNoticeUnread: 0,
  refreshWallet: () => Promise.resolve(),
};

export const MemberDataContext = createContext<MemberData>(EMPTY_MEMBER_DATA);

export function useMemberData(): MemberData {
  return useContext(MemberDataContext);
}
