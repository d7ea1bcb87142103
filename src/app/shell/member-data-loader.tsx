import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAgentNoticeUnread } from '../../features/home';
import { clearMemberData, setMemberData, useMemberInfo } from '../../features/account';
import { useUnreadCount } from '../../features/engagement';
import { useRewardCount } from '../../features/engagement';
import { useWallet } from '../../features/wallet';
import { showToast, TOAST_SHORT_MS } from '../../lib/feedback';

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
  const { mutate, error: walletError } = wallet;
  /** The member asked for the balance (the refresh button) and has not been answered yet. */
  const asked = useRef(false);
  /** The last load failed: SWR's own retries are not told again, a refresh the member asks for is. */
  const failing = useRef(false);

  const refreshWallet = useCallback(async () => {
    setReloading(true);
    asked.current = true;
    try {
      await mutate();
    } finally {
      setReloading(false);
    }
  }, [mutate]);

  // The network failed (offline): the member is told so, once per failure in a row and on each refresh.
  useEffect(() => {
    const told = asked.current;
    asked.current = false;
    if (!walletError) {
      failing.current = false;
      return;
    }
    if (walletError.errorCode === 'network' && (told || !failing.current)) void showToast(walletError.messageKey, TOAST_SHORT_MS);
    failing.current = true;
  }, [walletError]);

  const walletLoading = reloading || (wallet.isLoading && !wallet.data);
  useEffect(() => {
    setMemberData({
      member: member.data ?? null,
      // A balance whose last load failed is not current: the header shows a dash, not the old amount.
      wallet: walletError ? null : (wallet.data ?? null),
      walletLoading,
      unreadMessages: unread.data ?? 0,
      unclaimedPromotions: rewards.data?.unclaimed ?? 0,
      agentNoticeUnread,
      refreshWallet,
    });
  }, [member.data, wallet.data, walletError, walletLoading, unread.data, rewards.data, agentNoticeUnread, refreshWallet]);

  // Logout unmounts the loader: the header and the badges lose the member's data in the same commit.
  useLayoutEffect(() => clearMemberData, []);

  return null;
}
