import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from '../../src/components/form';
import { TRIAL_LANDING, useStartTrial, type Invalid } from '../../src/features/account';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { isTrialMember } from '../../src/lib/layout-rules';
import { useRuntimeState } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import { href } from '../../src/lib/routes';

/** What a trial account can do: play with trial credit. */
export const TRIAL_CAN: readonly TranslationKey[] = ['trial_can_play', 'trial_can_credit', 'trial_can_explore'];
/** What it cannot: the real-account functions (the server refuses them: trial.forbidden). */
export const TRIAL_CANNOT: readonly TranslationKey[] = ['trial_cannot_money', 'trial_cannot_records', 'trial_cannot_security', 'trial_cannot_rewards', 'trial_cannot_feedback'];

const REGISTER_ROUTE = href('register');

function Facts({ id, title, items, mark }: { id: string; title: TranslationKey; items: readonly TranslationKey[]; mark: 'can' | 'cannot' }) {
  const { t } = useTranslation();
  return (
    <section className={`trial-intro__facts trial-intro__facts--${mark}`} aria-labelledby={id}>
      <h2 id={id} className="trial-intro__heading">
        {t(title)}
      </h2>
      <ul className="trial-intro__list">
        {items.map((key) => (
          <li key={key} className={`trial-intro__item trial-intro__item--${mark}`}>
            {t(key)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The free-trial page. A visitor starts a trial here; a trial member carries on playing; a real
 * member is told they already play with a real account. The session is known after hydration,
 * so the server's page is the visitor's.
 */
export default function TrialIntroView({ register }: { register: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const sessionType = useRuntimeState((state) => (state.session ? state.session.type : null));
  const [error, setError] = useState<Invalid | null>(null);
  const start = useStartTrial(setError);
  const type = hydrated ? sessionType : null;
  return (
    <div className="trial-intro">
      <p className="trial-intro__lead">{t('trial_intro')}</p>
      <Facts id="trial-can" title="trial_can_title" items={TRIAL_CAN} mark="can" />
      <Facts id="trial-cannot" title="trial_cannot_title" items={TRIAL_CANNOT} mark="cannot" />
      <p className="trial-intro__note">{t('trial_note')}</p>
      <FormError error={error ?? undefined} />
      {type === null ? (
        <button
          type="button"
          className="button button--primary trial-intro__start"
          data-testid="trial-start"
          onClick={() => {
            setError(null);
            void start();
          }}
        >
          {t('trial_start')}
        </button>
      ) : isTrialMember(type) ? (
        <Link className="button button--primary trial-intro__start" to={TRIAL_LANDING} data-testid="trial-continue">
          {t('trial_continue')}
        </Link>
      ) : (
        <p className="trial-intro__member" data-testid="trial-member">
          {t('trial_real_member')}
        </p>
      )}
      {register && !(type !== null && !isTrialMember(type)) ? (
        <Link className="trial-intro__register" to={REGISTER_ROUTE}>
          {t('trial_register')}
        </Link>
      ) : null}
    </div>
  );
}
