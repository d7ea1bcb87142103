import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router-dom';
import type { Slot as SlotData } from '../../generated/tenant';
import { AccountFormHostContext } from '../../features/account';
import { Icon } from '../../components/icons';
import { LOGIN_PATH, REGISTER_PATH, useRuntime } from '../../lib/runtime';
import { Slot, useRendererEnv, type WidgetRegistry } from '../../renderer';
import { Modal } from '../../components/modal';

/** True when every node of the slot names a registered widget (the login form may not be built yet). */
function slotIsRenderable(slot: SlotData | undefined, registry: WidgetRegistry): boolean {
  if (!slot || slot.order.length === 0) return false;
  return slot.order.every((id) => {
    const node = slot.items[id];
    return node !== undefined && Object.prototype.hasOwnProperty.call(registry, node.widget);
  });
}

/**
 * The member centre's login dialog: the tenant's login screen (screens.login) inside a dialog.
 * It closes itself once a session exists. Without a login form widget it links to /m/login.
 */
export default function LoginDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { tenant, session, gateContext } = useRuntime();
  const { registry } = useRendererEnv();
  useEffect(() => {
    if (session) onClose();
  }, [session, onClose]);
  const slot = tenant.screens.login?.slots.main;
  const hostValue = useMemo(() => ({ onDone: onClose }), [onClose]);
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="modal--sheet login-dialog">
      <div className="modal__head">
        <h2 id={titleId} className="modal__title">
          {t('login_or_register')}
        </h2>
        <button type="button" className="icon-button modal__close" aria-label={t('close')} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {slotIsRenderable(slot, registry) ? (
        <div className="login-dialog__form">
          {/* The form reports success to its host, which closes the dialog and keeps the page. */}
          <AccountFormHostContext.Provider value={hostValue}>
            <Slot slot={slot} path="screens.login.slots.main" />
          </AccountFormHostContext.Provider>
        </div>
      ) : (
        <div className="modal__actions">
          <Link className="button button--primary" to={LOGIN_PATH} onClick={onClose}>
            {t('login')}
          </Link>
          {gateContext.flags.DIRECTREG3 === true ? (
            <Link className="button button--secondary" to={REGISTER_PATH} onClick={onClose}>
              {t('register')}
            </Link>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
