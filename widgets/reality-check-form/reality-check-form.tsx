import { useState } from 'react';
import { FormError } from '../../src/components/form';
import { failureMessage, type Invalid } from '../../src/features/account';
import { setRealityMinutes, useRealityCheck, type RealityBody } from '../../src/features/protection';
import { showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope } from '../../src/lib/runtime';

/** The member's reality-check interval, kept on the server; the next check is one interval from saving. */
export default function RealityCheckFormView() {
  const { t } = useTranslation();
  const check = useRealityCheck(useMemberScope());
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<Invalid | null>(null);
  const minutes = chosen ?? check.data?.minutes ?? null;
  const choices = check.data?.choices ?? [];

  const save = async () => {
    if (minutes === null) return;
    setError(null);
    try {
      const state = await setRealityMinutes(minutes as RealityBody['minutes']);
      await check.mutate(state, { revalidate: false });
      setChosen(null);
      void showToast('reality_saved');
    } catch (err) {
      setError(failureMessage(err));
    }
  };

  return (
    <div className="reality-check-form">
      <p className="reality-check-form__intro">{t('reality_intro')}</p>
      <fieldset className="reality-check-form__choices" aria-busy={check.data ? undefined : true}>
        <legend className="visually-hidden">{t('reality_title')}</legend>
        {choices.map((m) => (
          <label key={m} className={`reality-check-form__choice${minutes === m ? ' reality-check-form__choice--on' : ''}`}>
            <input type="radio" name="reality-minutes" value={m} checked={minutes === m} onChange={() => setChosen(m)} />
            <span>{m === 0 ? t('reality_off') : t('reality_every', { count: m })}</span>
          </label>
        ))}
      </fieldset>
      <FormError error={error ?? undefined} />
      <button type="button" className="button button--primary" data-testid="reality-save" disabled={minutes === null} onClick={() => void save()}>
        {t('submit')}
      </button>
    </div>
  );
}
