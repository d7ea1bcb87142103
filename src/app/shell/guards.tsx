import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { feedbackStore, showToast } from '../../lib/feedback';
import { useTranslation } from '../../lib/i18n';
import { trialNoticeFor } from '../../lib/layout-rules';
import { LOGIN_PATH, useGateContext, useRuntimeActions, useRuntimeState } from '../../lib/runtime';
import { useHydrated } from '../../lib/hydration';
import { useGoBack } from '../../components/navigation';
import { href } from '../../lib/routes';

/** Spec section 9: 'free_reject' and 'contact_service' show for 2 s (so does 'login_actual_account'). */
export const NOTICE_2S_MS = 2000;

/** A toast that is not stacked again while the same one still shows (repeated taps, StrictMode). */
export function toastOnce(key: string, durationMs: number): void {
  if (feedbackStore.toasts.some((t) => t.key === key)) return;
  void showToast(key, durationMs);
}

/**
 * Pages for members only (settings, change password, message centre, invite friends): a visitor
 * is sent to the login page (spec section 6), replacing the entry.
 */
export function RequireSession({ children }: { children?: ReactNode }) {
  const signedIn = useRuntimeState((state) => state.session !== null);
  // The server and hydration do not know the session (it lives in the browser): decide after.
  const hydrated = useHydrated();
  if (!hydrated) return <div className="page-loading" aria-hidden="true" />;
  if (!signedIn) return <Navigate to={LOGIN_PATH} replace />;
  return <>{children}</>;
}

/**
 * The member centre's pages (deposit, withdraw, the records, security): a visitor stays on the
 * page and is asked to log in there, one prompt for all of them, that opens the login dialog
 * (spec section 6). Nothing of a member is loaded before a session exists.
 */
export function RequireMember({ children }: { children?: ReactNode }) {
  const signedIn = useRuntimeState((state) => state.session !== null);
  // The server and hydration render the page's frame (its widgets wait for a session); the
  // browser, which knows the session, then shows a visitor the prompt instead.
  const hydrated = useHydrated();
  if (hydrated && !signedIn) return <MemberLoginPrompt />;
  return <>{children}</>;
}

function MemberLoginPrompt() {
  const { t } = useTranslation();
  const { requireLogin } = useRuntimeActions();
  return (
    <main className="screen screen--login-first">
      <div className="login-first" data-testid="login-first">
        <p className="login-first__text">{t('member_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    </main>
  );
}

/**
 * The member centre and the real-account functions turn free-trial accounts away with their
 * notice ('free_reject', or 'login_actual_account' for a real-account function) and leave them
 * where they were.
 */
export function TrialGuard({ path, children }: { path: string; children?: ReactNode }) {
  const notice = useRuntimeState((state) => trialNoticeFor(path, state.session?.type));
  const goBack = useGoBack();
  useEffect(() => {
    if (!notice) return;
    toastOnce(notice, NOTICE_2S_MS);
    goBack();
  }, [notice, goBack]);
  if (notice) return null;
  return <>{children}</>;
}

/**
 * Invite friends needs the REFERRAL promotion (spec section 6): without it 'contact_service' shows
 * for 2 s and the member stays where they were (as the referral entry of the member centre).
 * Free-trial accounts, who have no referral code, are turned away as from the member centre.
 */
export function ReferralGuard({ children }: { children?: ReactNode }) {
  const referralOn = useGateContext().promos.includes('REFERRAL');
  const goBack = useGoBack();
  useEffect(() => {
    if (referralOn) return;
    toastOnce('contact_service', NOTICE_2S_MS);
    goBack();
  }, [referralOn, goBack]);
  if (!referralOn) return null;
  return <TrialGuard path={href('inviteFriends')}>{children}</TrialGuard>;
}
