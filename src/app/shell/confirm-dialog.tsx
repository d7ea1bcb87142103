import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useSnapshot } from 'valtio';
import { feedbackStore, runtimeText } from '../../lib/feedback';
import { Modal } from '../../components/modal';

/** The feedback store's confirm dialog (lazy: only loaded the first time something asks). */
export default function ConfirmDialog() {
  const { i18n } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const { dialog } = useSnapshot(feedbackStore);
  if (!dialog) return null;
  // The snapshot is read-only; answer through the live request.
  const answer = (confirmed: boolean) => feedbackStore.dialog?.resolve(confirmed);
  const cancelable = dialog.cancelKey !== undefined;
  return (
    <Modal
      key={dialog.id}
      role="alertdialog"
      labelledBy={dialog.titleKey ? titleId : messageId}
      describedBy={dialog.titleKey ? messageId : undefined}
      onDismiss={() => answer(false)}
      className="confirm-dialog"
    >
      {dialog.titleKey ? (
        <h2 id={titleId} className="modal__title">
          {runtimeText(i18n, dialog.titleKey)}
        </h2>
      ) : null}
      <p id={messageId} className="modal__message">
        {runtimeText(i18n, dialog.messageKey, dialog.params)}
      </p>
      <div className="modal__actions">
        {cancelable ? (
          <button type="button" className="button button--secondary" onClick={() => answer(false)}>
            {runtimeText(i18n, dialog.cancelKey ?? 'cancel')}
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={() => answer(true)}>
          {runtimeText(i18n, dialog.confirmKey)}
        </button>
      </div>
    </Modal>
  );
}
