import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { useTranslation } from '../../../lib/i18n';
import { moneyText } from '../../../domain/money';
import { useTenant } from '../../../lib/runtime';
import { acknowledgeRealityCheck, fetchRealityCheck, playedText, type RealityState } from '../api/reality-check';
import { href } from '../../../lib/routes';

const HISTORY_ROUTE = href('gameRecord');
const STOP_ROUTE = href('home');

/**
 * The reality check over a running game (the frame route /m/launchGame): when the login's check
 * falls due it opens a modal with the time played and the net result; the game behind it cannot
 * be reached until the member continues (the server also refuses spins until then), stops (home)
 * or opens the betting record. `active`: a member is playing (no check for a visitor's free play).
 */
export function RealityOverlay({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const symbol = useTenant().settings.currency.symbol;
  const navigate = useNavigate();
  const titleId = useId();
  const [check, setCheck] = useState<RealityState | null>(null);
  const [open, setOpen] = useState(false);

  const refresh = useCallback(() => {
    fetchRealityCheck()
      .then((state) => {
        setCheck(state);
        if (state.due) setOpen(true);
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (active) refresh();
  }, [active, refresh]);

  // Wake up when the check falls due (the device's clock; the server decides for real).
  useEffect(() => {
    if (!active || !check?.dueAt || open) return;
    const wait = Math.max(0, Date.parse(check.dueAt) - Date.now());
    const timer = setTimeout(() => {
      setCheck((c) => (c ? { ...c, due: true, playedSeconds: Math.floor((Date.now() - Date.parse(c.startedAt)) / 1000) } : c));
      setOpen(true);
      refresh();
    }, wait);
    return () => clearTimeout(timer);
  }, [active, check?.dueAt, open, refresh]);

  if (!open || !check) return null;
  const carryOn = () => {
    acknowledgeRealityCheck()
      .then((state) => {
        setCheck(state);
        setOpen(state.due);
      })
      .catch(() => setOpen(false));
  };
  const net = check.net;
  return (
    <Modal labelledBy={titleId} role="alertdialog" onDismiss={() => undefined} className="reality-overlay" initialFocus="first">
      <h2 id={titleId} className="modal__title">
        {t('reality_overlay_title')}
      </h2>
      <p className="modal__message" data-testid="reality-played">
        {t('reality_played', { time: playedText(check.playedSeconds) })}
      </p>
      <p className="modal__message" data-testid="reality-net">
        {t('reality_net', { amount: moneyText(symbol, net) })}
      </p>
      <div className="modal__actions reality-overlay__actions">
        <button type="button" className="button button--primary" onClick={carryOn}>
          {t('reality_continue')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void navigate(STOP_ROUTE)}>
          {t('reality_stop')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void navigate(HISTORY_ROUTE)}>
          {t('reality_history')}
        </button>
      </div>
    </Modal>
  );
}
