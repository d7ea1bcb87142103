import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useAgentNoticeUnread } from '../../features/home';
import { clearMemberData, setMemberData, useMemberInfo } from '../../features/account';
import { useUnreadCount } from '../../features/engagement';
import { useRewardCount } from '../../features/engagement';
import { useWallet } from '../../features/wallet';

export interface MemberDataLoaderProps {
  /** The member the data belongs to (useMemberScope). */
  scope: string;
  /** The tenant has the reward centre (flag REWCEN3): its unclaimed count is the badge. */
  rewardCentre: boolean;
  /** Agent-like members also get the agent-notice counter. */
  agent: boolean;
}

/** Fetches the member's data with the SWR hooks into the member store. Renders nothing. */
export default function MemberDataLoader({ scope, rewardCentre, agent }: MemberDataLoaderProps) {
  const member = useMemberInfo(scope);
  const wallet = useWallet(scope);
  const unread = useUnreadCount(scope);
  const rewards = useRewardCount(rewardCentre ? scope : null);
  const agentNoticeUnread = useAgentNoticeUnread(scope, agent);
  const [reloading, setReloading] = useState(false);
  const { mutate } = wallet;

  const refreshWallet = useCallback(async () => {
    setReloading(true);
    try {
      await mutate();
    } finally {
      setReloading(false);
    }
  }, [mutate]);

  const walletLoading = reloading || (wallet.isLoading && !wallet.data);
  useEffect(() => {
    setMemberData({
      member: member.data ?? null,
      wallet: wallet.data ?? null,
      walletLoading,
      unreadMessages: unread.data ?? 0,
      unclaimedPromotions: rewards.data?.unclaimed ?? 0,
      agentNoticeUnread,
      refreshWallet,
    });
  }, [member.data, wallet.data, walletLoading, unread.data, rewards.data, agentNoticeUnread, refreshWallet]);

  // Logout unmounts the loader: the header and the badges lose the member's data in the same commit.
  useLayoutEffect(() => clearMemberData, []);

  return null;
}
