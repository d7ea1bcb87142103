import { lazy, Suspense, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Navigate as RedirectTo, Outlet, useLocation } from 'react-router-dom';
import { useGoBack } from '../../components/navigation';
import {
  isBackSwipe,
  isFooterHidden,
  isHeaderHidden,
  isHome,
  isTrialMember,
  isTallIphoneShell,
  trialNoticeFor,
  MAINTENANCE_PATH,
  normalisePath,
  PAGE_FADE_MS,
  type Point,
} from '../../lib/layout-rules';
import { useInstallMode, useSessionInfo, useTenant } from '../../lib/runtime';
import { CHANGE_PASSWORD_ROUTE } from '../../lib/session';
import type { StartupView } from '../../lib/startup-state';
import { useClientValue } from '../../lib/hydration';
import { Slot } from '../../renderer';
import { AppHeader, pageTitleKey } from './app-header';
import { NOTICE_2S_MS, toastOnce } from './guards';
import { ReloadPrompt } from './reload-prompt';
import { StaleNotice } from './stale-notice';

// Status pages are not part of a visitor's first load.
const StatusView = lazy(() => import('./status-views'));

function prefersReducedMotion(): boolean {
  try {
    return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  } catch {
    return false;
  }
}

/** Fades the page in on page changes, except the first page and the page a back swipe leads to. */
function usePageFade(pathname: string) {
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
  const skipNextFade = () => {
    swiped.current = true;
  };
  return { pageRef, skipNextFade };
}

export interface ShellChromeProps {
  /** What the startup settings allow: the app, the maintenance page or the restricted view. */
  view: StartupView;
  /** The server runs a newer version than this page: offer a reload (src/lib/startup-state.ts). */
  reloadPrompt?: boolean;
  /** Hosts that live inside the shell whatever the page (feedback, dialogs, member data). */
  children?: ReactNode;
}

/**
 * The shell around every page: the title, the header, the page (fading on page changes, back on a
 * swipe from the left edge), the footer; or the maintenance or restricted view when the startup
 * settings say so; a reload offer above the app when the server runs a newer version. A
 * free-trial member's taps on member-centre links stay where they are.
 */
export function ShellChrome({ view, reloadPrompt = false, children }: ShellChromeProps) {
  const location = useLocation();
  const { t } = useTranslation();
  const tenant = useTenant();
  const session = useSessionInfo();
  const install = useInstallMode();
  const pathname = normalisePath(location.pathname);
  const { pageRef, skipNextFade } = usePageFade(pathname);

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
    skipNextFade();
    goBack();
  };

  // A free-trial member tapping a member-centre or real-account link stays where they are and is told why.
  const onClickCapture = (e: MouseEvent) => {
    if (!isTrialMember(session?.type)) return;
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    const notice = link ? trialNoticeFor(link.getAttribute('href') ?? '', session?.type) : null;
    if (!notice) return;
    e.preventDefault();
    e.stopPropagation();
    toastOnce(notice, NOTICE_2S_MS);
  };

  const tallIphone = useClientValue(
    () => isTallIphoneShell({ userAgent: navigator.userAgent, screenHeight: window.screen?.height ?? 0, install }),
    false,
  );

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
    <div className={classes} onClickCapture={onClickCapture} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <title>{title}</title>
      {reloadPrompt && view === 'app' ? <ReloadPrompt /> : null}
      {view === 'app' ? <StaleNotice /> : null}
      {body}
      {children}
    </div>
  );
}
