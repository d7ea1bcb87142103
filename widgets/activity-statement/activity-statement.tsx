import './styles.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ActivityStatementProps } from '../../src/generated/widgets/activity-statement';
import { FormError, type FieldMessage } from '../../src/components/form';
import { FigurePairs } from '../../src/components/figure-pairs';
import { ApiFailure } from '../../src/lib/api/client';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { formatMoney } from '../../src/features/wallet';
import { fetchStatementCsv, useStatement, type StatementMonth } from '../../src/features/protection';
import { href } from '../../src/lib/routes';

const failureOf = (error: unknown): FieldMessage => (error instanceof ApiFailure ? { key: error.messageKey } : { key: 'unknown_error' });

/** Saves a downloaded file through a temporary blob link (the browser's own download). */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function MonthCard({ month, symbol }: { month: StatementMonth; symbol: string }) {
  const { t } = useTranslation();
  const rows: [string, string, string][] = [
    ['deposits', t('limits_statement_deposits'), formatMoney(symbol, month.deposits)],
    ['withdrawals', t('limits_statement_withdrawals'), formatMoney(symbol, month.withdrawals)],
    ['stakes', t('limits_statement_stakes'), formatMoney(symbol, month.stakes)],
    ['wins', t('limits_statement_wins'), formatMoney(symbol, month.wins)],
    ['bets', t('limits_statement_bets'), String(month.bets)],
  ];
  const net = month.net < 0 ? `-${formatMoney(symbol, -month.net)}` : formatMoney(symbol, month.net);
  return (
    <li className="statement-month" data-testid="statement-month" data-month={month.month}>
      <div className="statement-month__head">
        <h2 className="statement-month__title">{month.month}</h2>
        <p className={`statement-month__net${month.net < 0 ? ' statement-month__net--loss' : ''}`}>
          <span>{t('limits_statement_net')}</span> <strong data-testid="statement-net">{net}</strong>
        </p>
      </div>
      <FigurePairs pairs={rows.map(([name, label, value]) => ({ id: name, label, value, testId: `statement-${name}` }))} />
    </li>
  );
}

function ActivityStatement({ months = 6, limitsTo = href('limits') }: WidgetComponentProps<ActivityStatementProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const symbol = useTenant().settings.currency.symbol;
  const signedIn = useRuntimeState((state) => state.session !== null);
  const statement = useStatement(hydrated && signedIn ? scope : null, months);
  const [busy, setBusy] = useState(false);
  const [downloadError, setDownloadError] = useState<FieldMessage | null>(null);

  if (!hydrated || !signedIn) return <div className="activity-statement activity-statement--loading" aria-busy="true" />;
  const download = () => {
    setBusy(true);
    setDownloadError(null);
    fetchStatementCsv(months)
      .then(({ blob, filename }) => saveBlob(blob, filename ?? 'statement.csv'))
      .catch((err: unknown) => setDownloadError(failureOf(err)))
      .finally(() => setBusy(false));
  };
  const data = statement.data;
  return (
    <div className="activity-statement">
      <p className="activity-statement__intro">{t('limits_statement_intro')}</p>
      <button type="button" className="button button--primary activity-statement__download" onClick={download} disabled={busy} aria-busy={busy || undefined}>
        {t('limits_statement_download')}
      </button>
      {downloadError ? <FormError error={downloadError} /> : null}
      {statement.error && !data ? (
        <div className="activity-statement__failed">
          <FormError error={failureOf(statement.error)} />
          <button type="button" className="button button--secondary" onClick={() => void statement.mutate()}>
            {t('retry')}
          </button>
        </div>
      ) : !data ? (
        <div className="activity-statement__list activity-statement__list--loading" aria-busy="true" />
      ) : (
        <ul className="activity-statement__list">
          {data.months.map((month) => (
            <MonthCard key={month.month} month={month} symbol={symbol} />
          ))}
        </ul>
      )}
      <Link className="activity-statement__link" to={limitsTo}>
        {t('limits_link')}
      </Link>
    </div>
  );
}

export default ActivityStatement;
