import './styles.css';
import { Link } from 'react-router-dom';
import type { WithdrawBlockersProps } from '../../src/generated/widgets/withdraw-blockers';
import { useMessageText } from '../../src/components/form';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { reasonAction, reasonMessage, useWithdrawalEligibility } from '../../src/features/wallet';
import { href } from '../../src/lib/routes';

/**
 * "Why can't I withdraw?": every reason the server gives now, each with its numbers and a link
 * to where the member clears it; one line when nothing blocks. It reads the same eligibility
 * answer as the form, so a refused request (which revalidates it) refreshes this list too.
 */
function WithdrawBlockers({ gamesTo = href('gameList') }: WidgetComponentProps<WithdrawBlockersProps>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const symbol = useTenant().settings.currency.symbol;
  const eligibility = useWithdrawalEligibility(hydrated && signedIn ? scope : null);
  const data = eligibility.data;

  if (!data) return <section className="withdraw-blockers withdraw-blockers--loading" aria-busy={hydrated && signedIn ? true : undefined} />;
  if (data.reasons.length === 0) {
    return (
      <section className="withdraw-blockers withdraw-blockers--clear" aria-label={t('withdraw_blockers_title')}>
        <p className="withdraw-blockers__none">{t('withdraw_blockers_none')}</p>
      </section>
    );
  }
  return (
    <section className="withdraw-blockers" aria-labelledby="withdraw-blockers-title">
      <h2 className="withdraw-blockers__title" id="withdraw-blockers-title">
        {t('withdraw_blockers_title')}
      </h2>
      <ul className="withdraw-blockers__list">
        {data.reasons.map((reason) => {
          const action = reasonAction(reason, gamesTo);
          return (
            <li key={reason.code} className="withdraw-blockers__reason" data-code={reason.code}>
              <span className="withdraw-blockers__text">{text(reasonMessage(reason, symbol))}</span>
              {action ? (
                <Link className="withdraw-blockers__action" to={action.to}>
                  {t(action.label)}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default WithdrawBlockers;
