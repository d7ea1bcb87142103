/**
 * Free play (spec section 4): a trial account is created and logged in under the tenant's trial
 * merchant code, then the member lands on home, also from a dialog. The login form's free-trial
 * action and the free-trial page (/m/trail) both start it here.
 */
import { useNavigate } from 'react-router-dom';
import { hideLoading, showLoading } from '../../lib/feedback';
import { loginFreePlay, startSession } from './api/auth';
import { failureMessage, useAccountContext } from './components/form-fields';
import type { Invalid } from './validation';
import { href } from '../../lib/routes';

export const TRIAL_LANDING = href('home');

/**
 * The action that starts a trial: the loading notice while it runs, the session stored, `onDone`
 * (a dialog host closes), then home. A failure hands its message to `onError`.
 */
export function useStartTrial(onError: (message: Invalid) => void, onDone?: () => void): () => Promise<void> {
  const navigate = useNavigate();
  const { trialMerchantCode } = useAccountContext();
  return async () => {
    showLoading();
    try {
      const session = await loginFreePlay();
      hideLoading();
      startSession(session, trialMerchantCode, null);
      onDone?.();
      void navigate(TRIAL_LANDING, { replace: true });
    } catch (err) {
      hideLoading();
      onError(failureMessage(err));
    }
  };
}
