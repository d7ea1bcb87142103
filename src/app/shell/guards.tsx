import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { feedbackStore, showToast } from '../../lib/feedback';
import { HOME_PATH, trialNoticeFor } from '../../lib/layout-rules';
import { useGateContext, useRuntimeState } from '../../lib/runtime';
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

/** Pages for members only (settings, change password): a visitor is sent home, replacing the entry. */
export function RequireSession({ children }: { children?: ReactNode }) {
  const signedIn = useRuntimeState((state) => state.session !== null);
  // The server and hydration do not know the session (it lives in the browser): decide after.
  const hydrated = useHydrated();
  if (!hydrated) return <div className="page-loading" aria-hidden="true" />;
  if (!signedIn) return <Navigate to={HOME_PATH} replace />;
  return <>{children}</>;
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
