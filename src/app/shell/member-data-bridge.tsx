import { useCallback, useEffect, useState } from 'react';
import { useAgentNoticeUnread } from '../../features/home';
import { useMemberInfo } from '../../features/account';
import { useUnreadCount } from '../../features/engagement';
import { unclaimedCount, usePromotions } from '../../features/engagement';
import { useWallet } from '../../features/wallet';
import type { MemberData } from '../../features/account';

export interface MemberDataBridgeProps {
  token: string;
  /** Tenant language code, for the promotion list. */
  lang: string;
  /** Agent-like members also get the agent-notice counter. */
  agent: boolean;
  onChange: (data: MemberData) => void;
}

/** Fetches the member's data with the SWR hooks and hands it to the shell. Renders nothing. */
export default function MemberDataBridge({ token, lang, agent, onChange }: MemberDataBridgeProps) {
  const member = useMemberInfo(token);
  const wallet = useWallet(token);
  const unread = useUnreadCount(token);
  const promotions = usePromotions(lang, true);
  const agentNoticeUnread = useAgentNoticeUnread(token, agent);
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
    onChange({
      member: member.data ?? null,
      wallet: wallet.data ?? null,
      walletLoading,
      unreadMessages: unread.data ?? 0,
      unclaimedPromotions: unclaimedCount(promotions.data),
      agentNoticeUnread,
      refreshWallet,
    });
  }, [onChange, member.data, wallet.data, walletLoading, unread.data, promotions.data, agentNoticeUnread, refreshWallet]);

  return null;
}
