import './styles.css';
import { Link } from 'react-router-dom';
import type { AgentDividendProps } from '../../src/generated/widgets/agent-dividend';
import { FormError } from '../../src/components/form';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { contractFailure as failureOf, useDividendPage } from '../../src/features/agent';
import { formatRecordMoney, formatRecordTime } from '../../src/features/records';
import { href } from '../../src/lib/routes';

export default function AgentDividend({ contractTo = href('dividendContract') }: WidgetComponentProps<AgentDividendProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
  const signedIn = useRuntimeState((state) => state.session !== null);
  const page = useDividendPage(hydrated && signedIn ? scope : null);
  if (!hydrated || !signedIn) return <div className="agent-dividend agent-dividend--loading" aria-busy="true" />;
  const data = page.data;
  if (page.error && !data) {
    return (
      <div className="agent-dividend">
        <FormError error={failureOf(page.error)} />
        <button type="button" className="button button--secondary" onClick={() => void page.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!data) return <div className="agent-dividend agent-dividend--loading" aria-busy="true" />;
  const money = (amount: number) => formatRecordMoney(symbol, amount);
  return (
    <div className="agent-dividend" data-testid="agent-dividend">
      <section className="agent-dividend__card" data-testid="dividend-estimate">
        <h2 className="agent-dividend__title">{t('dividend_estimate')}</h2>
        {data.estimate ? (
          <dl className="agent-dividend__summary">
            <div>
              <dt>{t('dividend_period')}</dt>
              <dd>{data.estimate.period}</dd>
            </div>
            <div>
              <dt>{t('dividend_net_loss')}</dt>
              <dd>{money(data.estimate.netLoss)}</dd>
            </div>
            <div>
              <dt>{t('dividend_share')}</dt>
              <dd>{t('contract_percent_value', { value: data.estimate.percent })}</dd>
            </div>
            <div>
              <dt>{t('dividend_amount')}</dt>
              <dd data-testid="dividend-estimate-amount">{money(data.estimate.amount)}</dd>
            </div>
          </dl>
        ) : (
          <p className="agent-dividend__empty">{t('dividend_no_contract')}</p>
        )}
        <Link className="button button--secondary" to={contractTo}>
          {t('dividend_contract')}
        </Link>
      </section>
      <section className="agent-dividend__card">
        <h2 className="agent-dividend__title">{t('dividend_history')}</h2>
        {data.settlements.length === 0 ? (
          <p className="agent-dividend__empty">{t('dividend_history_empty')}</p>
        ) : (
          <ul className="agent-dividend__list">
            {data.settlements.map((s) => (
              <li key={s.id} className="agent-dividend__item" data-testid="dividend-settlement">
                <span className="agent-dividend__period">{s.period}</span>
                <span>{t('dividend_history_net_loss', { amount: money(s.netLoss) })}</span>
                <span className="agent-dividend__amount">{money(s.amount)}</span>
                <span className="agent-dividend__time">{formatRecordTime(s.createdAt, tenantTimeZone(tenant))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
