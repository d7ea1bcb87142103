import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { refreshMemberWallet, useMemberState, type MemberData } from '../features/account';
import { listenForInstallPrompt } from '../features/home';
import type { AppConfig } from '../lib/app-config';
import { isTrialMember, loginPromptFor, normalisePath, trialNoticeFor } from '../lib/layout-rules';
import { detectInstallMode, RuntimeProvider, setupApiClient, type BadgeCounts, type Navigate, type RuntimeAction } from '../lib/runtime';
import { sessionStore, syncSessionFromStorage } from '../lib/session';
import { useClientValue } from '../lib/hydration';
import { RendererProvider } from '../renderer';
import { registry } from '../../widgets/registry';
import { openDialog } from './shell/dialog-store';
import { NOTICE_2S_MS, toastOnce } from './shell/guards';

const openLoginDialog = () => openDialog('login');
const hasUpline = (data: MemberData) => typeof data.member?.toUpline === 'string' && data.member.toUpline !== '';

/** The member store's counters under the runtime's badge names; a new object only when a count changes. */
function useMemberBadges(): BadgeCounts {
  const unclaimedPromotions = useMemberState((data) => data.unclaimedPromotions);
  const unreadMessages = useMemberState((data) => data.unreadMessages);
  const agentNoticeUnread = useMemberState((data) => data.agentNoticeUnread);
  return useMemo(() => ({ unclaimedPromotions, unreadMessages, agentNoticeUnread }), [unclaimedPromotions, unreadMessages, agentNoticeUnread]);
}

export interface ProvidersProps {
  config: AppConfig;
  /** The REFERRAL promotion is on (startup promotions over the tenant's). */
  referralOn: boolean;
  children?: ReactNode;
}

/**
 * Wires the API client and the session once per page, and provides the runtime (actions, the
 * runtime store fed by the member store) and the renderer to the shell. Its own re-renders (a
 * page change, a badge count) stop at its children: they read what they need through selectors.
 */
export function Providers({ config, referralOn, children }: ProvidersProps) {
  const routerNavigate = useNavigate();
  const { pathname } = useLocation();
  const install = useClientValue(() => detectInstallMode(), 'browser');
  // Once per page in the browser: the API client reads the session store; the store re-reads storage.
  // (The server renders without calling the API or reading storage.)
  useState(() => {
    if (typeof window === 'undefined') return;
    setupApiClient(config);
    syncSessionFromStorage();
    // The browser's install offer may come before the download page opens: kept from the start.
    listenForInstallPrompt();
  });

  // A free-trial member sent to the member centre or a real-account function by a widget stays
  // where they are and is told why, as a tapped link (the shell's click capture).
  const navigate = useCallback<Navigate>(
    (to, options) => {
      const notice = trialNoticeFor(to, sessionStore.info?.type);
      if (notice) toastOnce(notice, NOTICE_2S_MS);
      else void routerNavigate(to, options);
    },
    [routerNavigate],
  );
  // The member centre asks for a login in a dialog, over the page; elsewhere the login page opens.
  const onRequireLogin = loginPromptFor(normalisePath(pathname)) === 'dialog' ? openLoginDialog : undefined;
  const actionHandlers = useMemo<Partial<Record<RuntimeAction, () => void>>>(
    () => ({
      refreshBalance: () => void refreshMemberWallet(),
      // Inviting friends is a real-account function (spec section 8).
      referral: () =>
        isTrialMember(sessionStore.info?.type)
          ? toastOnce('login_actual_account', NOTICE_2S_MS)
          : referralOn
            ? openDialog('referral')
            : toastOnce('contact_service', NOTICE_2S_MS),
      language: () => openDialog('language'),
    }),
    [referralOn],
  );
  const badges = useMemberBadges();
  const upline = useMemberState(hasUpline);

  return (
    <RuntimeProvider
      config={config}
      navigate={navigate}
      install={install}
      badges={badges}
      hasUpline={upline}
      onRequireLogin={onRequireLogin}
      actionHandlers={actionHandlers}
    >
      <RendererProvider registry={registry}>{children}</RendererProvider>
    </RuntimeProvider>
  );
}
