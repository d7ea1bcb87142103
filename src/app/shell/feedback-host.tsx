import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useSnapshot } from 'valtio';
import { feedbackStore, runtimeText } from '../../lib/feedback';

const ConfirmDialog = lazy(() => import('./confirm-dialog'));

/** Renders the feedback store once for the whole app: toasts, the loading indicator, the confirm dialog. */
export function FeedbackHost() {
  const { i18n } = useTranslation();
  const { toasts, loading, dialog } = useSnapshot(feedbackStore, { sync: true });
  return (
    <>
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <p key={toast.id} className="toast">
            {runtimeText(i18n, toast.key, toast.params)}
          </p>
        ))}
      </div>
      {loading !== null ? (
        <div className="loading-mask" role="status" aria-live="assertive" aria-busy="true">
          <div className="loading-box">
            <span className="spinner" aria-hidden="true" />
            <span className="loading-box__text">{runtimeText(i18n, loading || 'loading')}</span>
          </div>
        </div>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <ConfirmDialog />
        </Suspense>
      ) : null}
    </>
  );
}
