import './styles.css';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CashBackProps } from '../../src/generated/widgets/cash-back';
import { FormError, SubmitButton, useMessageText } from '../../src/components/form';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useRevalidateWallet } from '../../src/features/wallet';
import {
  ACCOUNT_RECORD_PATH,
  cashBackReason,
  claimFailureMessage,
  claimRebate,
  formatRecordMoney,
  formatRecordTime,
  gameTypeLabel,
  newRebateKey,
  useAccruedRebate,
  useRevalidateRebates,
  type AccruedRebate,
  type RebateClaim,
  type RecordsMessage,
} from '../../src/features/records';

function Categories({ accrued, symbol }: { accrued: AccruedRebate; symbol: string }) {
  const { t } = useTranslation();
  return (
    <table className="cash-back__table">
      <thead>
        <tr>
          <th scope="col">{t('cash_back_category')}</th>
          <th scope="col">{t('cash_back_turnover')}</th>
          <th scope="col">{t('cash_back_rate')}</th>
          <th scope="col">{t('cash_back_amount')}</th>
        </tr>
      </thead>
      <tbody>
        {accrued.categories.map((c) => (
          <tr key={c.gameType} data-game-type={c.gameType}>
            <th scope="row">{t(gameTypeLabel(c.gameType))}</th>
            <td>{formatRecordMoney(symbol, c.validTurnover)}</td>
            <td>{t('cash_back_rate_value', { rate: c.rate })}</td>
            <td>{formatRecordMoney(symbol, c.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            {t('cash_back_total')}
          </th>
          <td data-testid="cash-back-total-row">{formatRecordMoney(symbol, accrued.total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function Claimed({ claim, symbol, recordTo, onDone }: { claim: RebateClaim; symbol: string; recordTo: string; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <section className="cash-back cash-back--done" role="status" data-testid="cash-back-done">
      <h2 className="cash-back__title">{t('cash_back_done_title')}</h2>
      <p className="cash-back__note">{t('cash_back_done_amount', { amount: formatRecordMoney(symbol, claim.amount) })}</p>
      <dl className="cash-back__summary">
        <div>
          <dt>{t('cash_back_done_balance')}</dt>
          <dd data-testid="cash-back-balance">{formatRecordMoney(symbol, claim.balance)}</dd>
        </div>
        <div>
          <dt>{t('cash_back_done_turnover')}</dt>
          <dd data-testid="cash-back-turnover">{formatRecordMoney(symbol, claim.turnoverRequired)}</dd>
        </div>
      </dl>
      <Link className="button button--secondary cash-back__action" to={recordTo}>
        {t('account_record_link')}
      </Link>
      <button type="button" className="button button--primary cash-back__action" onClick={onDone}>
        {t('cash_back_back')}
      </button>
    </section>
  );
}

function CashBack({ recordTo = ACCOUNT_RECORD_PATH }: WidgetComponentProps<CashBackProps>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  // Member data loads after hydration: the server paints the frame, the browser fills it in.
  const accrued = useAccruedRebate(hydrated && signedIn ? scope : null);
  const revalidateWallet = useRevalidateWallet();
  const revalidateRebates = useRevalidateRebates();
  const [error, setError] = useState<RecordsMessage | null>(null);
  const [claimed, setClaimed] = useState<RebateClaim | null>(null);
  // One key per claim attempt: a retry after a failure that may hide a paid claim sends it again,
  // and the server answers that claim instead of paying twice.
  const attemptKey = useRef<string | null>(null);

  if (!hydrated) return <div className="cash-back cash-back--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="cash-back cash-back--visitor">
        <p>{t('cash_back_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  if (claimed) return <Claimed claim={claimed} symbol={symbol} recordTo={recordTo} onDone={() => setClaimed(null)} />;
  if (accrued.error && !accrued.data) {
    return (
      <div className="cash-back cash-back--failed">
        <FormError error={claimFailureMessage(accrued.error, symbol)} />
        <button type="button" className="button button--secondary" onClick={() => void accrued.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const data = accrued.data;
  if (!data) return <div className="cash-back cash-back--loading" aria-busy="true" />;

  const reason = cashBackReason(data, symbol);
  const claim = () => {
    setError(null);
    attemptKey.current ??= newRebateKey();
    return claimRebate(attemptKey.current).then(
      (paid) => {
        attemptKey.current = null;
        setClaimed(paid);
        void revalidateWallet();
        void revalidateRebates();
      },
      (err: unknown) => {
        setError(claimFailureMessage(err, symbol));
        // A refusal says what accrued now: the numbers are read again.
        void revalidateRebates();
      },
    );
  };

  return (
    <form className="cash-back" method="post" noValidate>
      <div className="cash-back__head">
        <p className="cash-back__label">{t('cash_back_accrued')}</p>
        <p className="cash-back__total" data-testid="cash-back-total">
          {formatRecordMoney(symbol, data.total)}
        </p>
        {data.lastClaimAt ? <p className="cash-back__note">{t('cash_back_last_claim', { time: formatRecordTime(data.lastClaimAt, tenantTimeZone(tenant)) })}</p> : null}
      </div>
      <Categories accrued={data} symbol={symbol} />
      <ul className="cash-back__rules">
        <li data-testid="cash-back-min">{t('cash_back_min_claim', { min: formatRecordMoney(symbol, data.minClaim) })}</li>
        <li data-testid="cash-back-multiplier">
          {t('cash_back_turnover_note', { multiplier: data.turnoverMultiplier, required: formatRecordMoney(symbol, data.turnoverRequired) })}
        </li>
        <li>{t('cash_back_valid_note')}</li>
      </ul>
      {reason ? (
        <p className="cash-back__reason" role="status" data-testid="cash-back-reason" data-code={data.reason?.code}>
          {text(reason)}
        </p>
      ) : null}
      <FormError error={error} />
      <SubmitButton className="button button--primary cash-back__action" onSubmit={claim} disabled={!data.claimable}>
        {t('cash_back_claim')}
      </SubmitButton>
    </form>
  );
}

export default CashBack;
