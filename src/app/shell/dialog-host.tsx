import { lazy, Suspense, useEffect } from 'react';
import { useRuntimeState } from '../../lib/runtime';
import { closeDialog, useOpenDialog } from './dialog-store';

// Dialogs are not part of a visitor's first load.
const LoginDialog = lazy(() => import('./login-dialog'));
const ReferralDialog = lazy(() => import('./referral-dialog'));
const LanguageDialog = lazy(() => import('./language-dialog'));

/** Shows the dialog the dialog store names: login, referral (members only) or language. */
export function DialogHost() {
  const dialog = useOpenDialog();
  const userName = useRuntimeState((state) => state.session?.userName);
  // The store outlives the shell: a dialog left open must not come back with the next one.
  useEffect(() => closeDialog, []);
  return (
    <Suspense fallback={null}>
      {dialog === 'login' ? <LoginDialog onClose={closeDialog} /> : null}
      {dialog === 'referral' && userName !== undefined ? <ReferralDialog onClose={closeDialog} /> : null}
      {dialog === 'language' ? <LanguageDialog onClose={closeDialog} /> : null}
    </Suspense>
  );
}
