import '../styles/shell.css';
import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate as RedirectTo, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { AppConfig } from '../lib/app-config';
import { currentLanguageCode } from '../lib/language';
import {
  isBackSwipe,
  isFooterHidden,
  isHeaderHidden,
  isHome,
  isMemberCentre,
  isTallIphoneShell,
  isTrialMember,
  loginPromptFor,
  MAINTENANCE_PATH,
  normalisePath,
  PAGE_FADE_MS,
  startupView,
  type Point,
} from '../lib/layout-rules';
import {
  detectInstallMode,
  effectiveSettings,
  RuntimeProvider,
  setupApiClient,
  type BadgeCounts,
  type Navigate,
  type RuntimeAction,
} from '../lib/runtime';
import { CHANGE_PASSWORD_ROUTE, syncSessionFromStorage, useSession } from '../lib/session';
import { RendererProvider, Slot } from '../renderer';
import { registry } from '../../widgets/registry';
import { AppHeader, pageTitleKey } from './shell/app-header';
import { FeedbackHost } from './shell/feedback-host';
import { NOTICE_2S_MS, toastOnce } from './shell/guards';
import { EMPTY_MEMBER_DATA, MemberDataContext, type MemberData } from '../features/account';
import { useGoBack } from '../components/navigation';

// Dialogs, member data fetching and status pages are not part of a visitor's first load.
const MemberDataBridge = lazy(() => import('./shell/member-data-bridge'));
const LoginDialog = lazy(() => import('./shell/login-dialog'));
const ReferralDialog = lazy(() => import('./shell/referral-dialog'));
const LanguageDialog = lazy(() => import('./shell/language-dialog'));
const StatusView = lazy(() => import('./shell/status-views'));

/** Member types that see agent pages (spec section 6: 0, 4 and 40 do not). */
const NON_AGENT_TYPES: readonly number[] = [0, 4, 40];

type ShellDialog = 'login' | 'referral' | 'language' | null;

function prefersReducedMotion(): boolean {
  try {
    return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  } catch {
    return false;
  }
}

/**
 * The app shell, inside the router: wires the API client and the session, renders the header,
 * the page (fading on page changes), the footer, the feedback store and the shell's dialogs, and
 * replaces everything with the maintenance or restricted view when the startup settings say so.
 */
export function RootLayout({ config }: { config: AppConfig }) {
  const routerNavigate = useNavigate();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const [install] = useState(detectInstallMode);
  // Once per page: the API client reads the session store; the store re-reads storage.
  useState(() => {
    setupApiClient(config, install);
    syncSessionFromStorage();
  });
  const session = useSession();
  const settings = useMemo(() => effectiveSettings(config), [config]);
  const view = startupView(settings.status);
  const pathname = normalisePath(location.pathname);

  // Stable, so the runtime's actions (and every item using them) survive a re-render unchanged.
  const navigate = useCallback<Navigate>((to, options) => void routerNavigate(to, options), [routerNavigate]);

  const [memberData, setMemberData] = useState<MemberData>(EMPTY_MEMBER_DATA);
  const data = session ? memberData : EMPTY_MEMBER_DATA;
  const [dialog, setDialog] = useState<ShellDialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  const dialogLogin = loginPromptFor(pathname) === 'dialog';
  const onRequireLogin = useMemo(() => (dialogLogin ? () => setDialog('login') : undefined), [dialogLogin]);

  const { refreshWallet } = data;
  const referralOn = settings.promotions.includes('REFERRAL');
  const actionHandlers = useMemo<Partial<Record<RuntimeAction, () => void>>>(
    () => ({
      refreshBalance: () => void refreshWallet(),
      referral: () => (referralOn ? setDialog('referral') : toastOnce('contact_service', NOTICE_2S_MS)),
      language: () => setDialog('language'),
    }),
    [refreshWallet, referralOn],
  );

  const badges = useMemo<BadgeCounts>(
    () => ({
      unclaimedPromotions: data.unclaimedPromotions,
      unreadMessages: data.unreadMessages,
      agentNoticeUnread: data.agentNoticeUnread,
    }),
    [data.unclaimedPromotions, data.unreadMessages, data.agentNoticeUnread],
  );

  // Page changes fade in over 300 ms, except the first page and a back swipe.
  const pageRef = useRef<HTMLDivElement>(null);
  const firstPage = useRef(true);
  const swiped = useRef(false);
  useLayoutEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    if (prefersReducedMotion()) return;
    pageRef.current?.animate?.([{ opacity: 0 }, { opacity: 1 }], { duration: PAGE_FADE_MS, easing: 'ease-out' });
  }, [pathname]);

  const goBack = useGoBack();
  const touchStart = useRef<Point | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    touchStart.current = e.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const touch = e.changedTouches[0];
    if (!start || !touch || isHome(pathname)) return;
    if (!isBackSwipe(start, { x: touch.clientX, y: touch.clientY })) return;
    swiped.current = true;
    goBack();
  };

  // A free-trial member tapping a member-centre link stays where they are and is told why.
  const onClickCapture = (e: MouseEvent) => {
    if (!isTrialMember(session?.type)) return;
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!link || !isMemberCentre(link.getAttribute('href') ?? '')) return;
    e.preventDefault();
    e.stopPropagation();
    toastOnce('free_reject', NOTICE_2S_MS);
  };

  const [tallIphone] = useState(() =>
    isTallIphoneShell({ userAgent: navigator.userAgent, screenHeight: window.screen?.height ?? 0, install }),
  );

  const { tenant } = config;
  const showHeader = view === 'app' && !isHeaderHidden(pathname);
  const showFooter = !isFooterHidden(pathname);
  const title = isHome(pathname) ? tenant.brand.name : `${t(pageTitleKey(pathname, session?.firstTimeLogin === true))} | ${tenant.brand.name}`;

  let body;
  if (view === 'restricted') {
    body = (
      <Suspense fallback={null}>
        <StatusView view="restricted" />
      </Suspense>
    );
  } else if (view === 'maintenance' && pathname !== MAINTENANCE_PATH) {
    body = <RedirectTo to={MAINTENANCE_PATH} replace />;
  } else if (session?.mustChangePassword && pathname !== CHANGE_PASSWORD_ROUTE) {
    // Spec section 8: a temporary password must be changed first; the server allows nothing else.
    body = <RedirectTo to={CHANGE_PASSWORD_ROUTE} replace />;
  } else {
    body = (
      <>
        {showHeader ? <AppHeader /> : null}
        <div className="page" ref={pageRef}>
          <Suspense fallback={<div className="page-loading" aria-hidden="true" />}>
            <Outlet />
          </Suspense>
        </div>
        {showFooter ? (
          <footer className="app-footer">
            <Slot slot={tenant.screens.shell.slots.footer} path="screens.shell.slots.footer" />
          </footer>
        ) : null}
      </>
    );
  }

  const classes = ['shell', showFooter ? 'shell--with-footer' : '', tallIphone ? 'shell--tall-iphone' : ''].filter(Boolean).join(' ');

  return (
    <MemberDataContext.Provider value={data}>
      <RuntimeProvider
        config={config}
        navigate={navigate}
        install={install}
        badges={badges}
        hasUpline={typeof data.member?.toUpline === 'string' && data.member.toUpline !== ''}
        onRequireLogin={onRequireLogin}
        actionHandlers={actionHandlers}
      >
        <RendererProvider registry={registry}>
          <div className={classes} onClickCapture={onClickCapture} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
            <title>{title}</title>
            {body}
            <FeedbackHost />
            <Suspense fallback={null}>
              {dialog === 'login' ? <LoginDialog onClose={closeDialog} /> : null}
              {dialog === 'referral' && session ? (
                <ReferralDialog code={data.member?.account ?? session.userName} onClose={closeDialog} />
              ) : null}
              {dialog === 'language' ? <LanguageDialog onClose={closeDialog} /> : null}
            </Suspense>
            {session && view === 'app' ? (
              <Suspense fallback={null}>
                <MemberDataBridge
                  token={session.token}
                  lang={currentLanguageCode(i18n, tenant)}
                  agent={!NON_AGENT_TYPES.includes(session.type)}
                  onChange={setMemberData}
                />
              </Suspense>
            ) : null}
          </div>
        </RendererProvider>
      </RuntimeProvider>
    </MemberDataContext.Provider>
  );
}
