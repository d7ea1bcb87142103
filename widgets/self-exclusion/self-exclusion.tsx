import { useState } from 'react';
import { FormError } from '../../src/components/form';
import { failureMessage, type Invalid } from '../../src/features/account';
import {
  excludeMember,
  exclusionEnd,
  SELF_EXCLUSION_PERIODS,
  TIMEOUT_PERIODS,
  useExclusionState,
  zoneDateTime,
  type ExclusionKind,
  type ExclusionPeriod,
} from '../../src/features/protection';
import { tenantTimeZone } from '../../src/lib/app-config';
import { confirmDialog, hideLoading, showLoading } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntime } from '../../src/lib/runtime';
import { forgetSessionLocally, pageLocation } from '../../src/lib/session';
import { href } from '../../src/lib/routes';

const HOME = href('home');

/**
 * Time-out or self-exclusion: choose, confirm (until when, cannot be undone), and the member is
 * logged out with the date. The server refuses the member everything from then on.
 */
export default function SelfExclusionForm({ timeout }: { timeout: boolean }) {
  const { t } = useTranslation();
  const { tenant } = useRuntime();
  const state = useExclusionState(useMemberScope());
  const [kind, setKind] = useState<ExclusionKind>(timeout ? 'timeout' : 'self_exclusion');
  const [period, setPeriod] = useState<ExclusionPeriod>(timeout ? '24h' : '6m');
  const [error, setError] = useState<Invalid | null>(null);
  const periods = kind === 'timeout' ? TIMEOUT_PERIODS : SELF_EXCLUSION_PERIODS;
  const current = state.data?.current;

  const choose = (next: ExclusionKind) => {
    setKind(next);
    setPeriod(next === 'timeout' ? '24h' : '6m');
  };

  const submit = async () => {
    setError(null);
    const date = zoneDateTime(tenantTimeZone(tenant), exclusionEnd(period, Date.now()));
    const confirmed = await confirmDialog({
      titleKey: 'exclusion_confirm_title',
      messageKey: 'exclusion_confirm',
      params: { date },
      confirmKey: 'exclusion_confirm_button',
      cancelKey: 'cancel',
    });
    if (!confirmed) return;
    showLoading();
    try {
      const done = await excludeMember({ kind, period });
      hideLoading();
      forgetSessionLocally();
      await confirmDialog({ messageKey: 'exclusion_done', params: { date: done.date }, confirmKey: 'ok' });
      pageLocation.replace(HOME);
    } catch (err) {
      hideLoading();
      setError(failureMessage(err));
    }
  };

  return (
    <div className="self-exclusion">
      <p className="self-exclusion__intro">{t('exclusion_intro')}</p>
      {current ? (
        <p className="self-exclusion__current" role="status" data-testid="exclusion-current">
          {t('exclusion_current', { date: current.date })}
        </p>
      ) : null}
      {timeout ? (
        <fieldset className="self-exclusion__kinds">
          <legend className="visually-hidden">{t('exclusion_title')}</legend>
          {(['timeout', 'self_exclusion'] as const).map((k) => (
            <label key={k} className={`self-exclusion__kind${kind === k ? ' self-exclusion__kind--on' : ''}`}>
              <input type="radio" name="exclusion-kind" value={k} checked={kind === k} onChange={() => choose(k)} />
              <span>{t(k === 'timeout' ? 'exclusion_timeout' : 'exclusion_self')}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="self-exclusion__periods">
        <legend className="self-exclusion__legend">{t(kind === 'timeout' ? 'exclusion_timeout' : 'exclusion_self')}</legend>
        {periods.map((p) => (
          <label key={p} className={`self-exclusion__period${period === p ? ' self-exclusion__period--on' : ''}`}>
            <input type="radio" name="exclusion-period" value={p} checked={period === p} onChange={() => setPeriod(p)} />
            <span>{t(`exclusion_period_${p}`)}</span>
          </label>
        ))}
      </fieldset>
      <FormError error={error ?? undefined} />
      <button type="button" className="button button--primary self-exclusion__submit" data-testid="exclusion-submit" onClick={() => void submit()}>
        {t('exclusion_submit')}
      </button>
    </div>
  );
}
