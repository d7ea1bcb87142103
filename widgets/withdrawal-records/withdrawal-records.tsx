import './styles.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { WithdrawalRecordsProps } from '../../src/generated/widgets/withdrawal-records';
import { Icon } from '../../src/components/icons';
import { addAmounts } from '../../src/domain/money';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation, type TFunction } from '../../src/lib/i18n';
import { useRuntimeActions, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  DetailRows,
  formatRecordMoney,
  formatRecordTime,
  isWithdrawalRecordState,
  payoutAccountLabel,
  RangeBar,
  rangeOfSearch,
  rangeQuery,
  RecordListView,
  RecordRow,
  RecordSheet,
  StateBadge,
  TotalsStrip,
  useRecordList,
  useRecordSearch,
  withdrawalOutcome,
  withdrawalRowHint,
  WITHDRAWAL_RECORD_STATES,
  WITHDRAWAL_RECORDS_ENDPOINT,
  WITHDRAWAL_STATE_KEYS,
  WITHDRAWAL_STATE_TONES,
  withParam,
  withRange,
  type StateNote,
  type WithdrawalRecord,
  type WithdrawalsQuery,
} from '../../src/features/records';
import { href } from '../../src/lib/routes';

const noteText = (t: TFunction, note: StateNote) => t(note.key, note.params);

function WithdrawalSheet({ row, timeZone, symbol, withdrawTo, onClose }: { row: WithdrawalRecord; timeZone: string; symbol: string; withdrawTo: string; onClose(): void }) {
  const { t } = useTranslation();
  const { dispatch } = useRuntimeActions();
  const account = payoutAccountLabel(row.payoutAccount);
  const note = withdrawalOutcome(row, { amount: formatRecordMoney(symbol, row.amount), total: formatRecordMoney(symbol, row.total), account });
  const time = (iso: string | undefined) => formatRecordTime(iso, timeZone);
  return (
    <RecordSheet title={t('wdrec_sheet_title')} onClose={onClose}>
      <div className="withdrawal-records__summary" data-state={row.state}>
        <p className="record-amount">{formatRecordMoney(symbol, row.amount)}</p>
        <StateBadge tone={WITHDRAWAL_STATE_TONES[row.state]}>{t(WITHDRAWAL_STATE_KEYS[row.state])}</StateBadge>
      </div>
      <p className={note.tone ? `withdrawal-records__outcome withdrawal-records__outcome--${note.tone}` : 'withdrawal-records__outcome'} data-testid="withdrawal-outcome">
        {noteText(t, note)}
      </p>
      <DetailRows
        rows={[
          { label: 'withdraw_amount', value: formatRecordMoney(symbol, row.amount) },
          { label: 'withdraw_fee', value: formatRecordMoney(symbol, row.fee) },
          { label: 'withdraw_deducted', value: formatRecordMoney(symbol, row.total) },
          { label: 'withdraw_account', value: account },
          { label: 'wdrec_field_holder', value: row.payoutAccount.holderName },
          { label: 'withdraw_status', value: t(WITHDRAWAL_STATE_KEYS[row.state]) },
          { label: 'records_field_reason', value: row.reason, tone: 'danger' },
          { label: 'wdrec_field_number', value: String(row.id), copy: String(row.id) },
          { label: 'records_field_created', value: time(row.createdAt) },
          { label: 'records_field_updated', value: row.updatedAt !== row.createdAt ? time(row.updatedAt) : undefined },
          { label: 'records_field_decided', value: time(row.decidedAt) },
        ]}
      />
      {row.state === 'rejected' ? (
        <div className="withdrawal-records__actions">
          <Link className="record-next withdrawal-records__next" to={withdrawTo}>
            {t('wdrec_again')}
          </Link>
          <button type="button" className="withdrawal-records__secondary" onClick={() => dispatch('customerService')}>
            {t('records_contact_service')}
          </button>
        </div>
      ) : null}
    </RecordSheet>
  );
}

/**
 * The withdrawal record: the member's withdrawal requests in the chosen days, newest first, each
 * with its payout account (masked), its state in colour and words and what became of the money
 * held for it; the range's totals and each state's count on its filter. Range and state live in
 * the address.
 */
function WithdrawalRecords({ withdrawTo = href('withdraw'), pageSize }: WidgetComponentProps<WithdrawalRecordsProps>) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
  const { params, replace } = useRecordSearch();
  const range = rangeOfSearch(params);
  const statusParam = params.get('status');
  const status = isWithdrawalRecordState(statusParam) ? statusParam : undefined;
  const query: Omit<WithdrawalsQuery, 'cursor'> = { ...rangeQuery(range), ...(status ? { status } : {}) };
  const list = useRecordList(WITHDRAWAL_RECORDS_ENDPOINT, query, { pageSize });
  const [open, setOpen] = useState<WithdrawalRecord | null>(null);
  const timeZone = list.first?.range.timeZone ?? tenantTimeZone(tenant);
  const totals = list.first?.totals;
  const pending = totals?.states.pending;

  return (
    <section className="withdrawal-records" aria-label={t('withdraw_record')}>
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} />
      <div className="withdrawal-records__states" role="group" aria-label={t('wdrec_states_label')}>
        <button type="button" className="record-chip withdrawal-records__chip" aria-pressed={status === undefined} onClick={() => replace(withParam(params, 'status', null))}>
          {t('all')}
          {totals ? ' ' : null}
          {totals ? <span className="withdrawal-records__count">{totals.count}</span> : null}
        </button>
        {WITHDRAWAL_RECORD_STATES.map((state) => (
          <button
            key={state}
            type="button"
            className="record-chip withdrawal-records__chip"
            aria-pressed={status === state}
            data-state={state}
            onClick={() => replace(withParam(params, 'status', state))}
          >
            <span className={`withdrawal-records__dot withdrawal-records__dot--${WITHDRAWAL_STATE_TONES[state]}`} aria-hidden="true" />
            {t(WITHDRAWAL_STATE_KEYS[state])}
            {totals ? ' ' : null}
            {totals ? <span className="withdrawal-records__count">{totals.states[state].count}</span> : null}
          </button>
        ))}
      </div>
      <TotalsStrip
        loading={!totals}
        items={[
          { label: 'wdrec_totals_paid', value: totals?.states.paid.amount ?? 0, tone: 'minus' },
          // What is held: amount and fee, as the balance shows it.
          { label: 'wdrec_totals_pending', value: pending ? addAmounts(pending.amount, pending.fee) : 0 },
          { label: 'wdrec_totals_rejected', value: totals?.states.rejected.amount ?? 0 },
          { label: 'wdrec_totals_count', value: totals?.count ?? 0, count: true },
        ]}
      />
      <RecordListView
        list={list}
        label={t('wdrec_list_label')}
        renderRow={(row) => {
          const hint = withdrawalRowHint(row);
          return (
            <li key={row.id} className="withdrawal-records__row" data-id={row.id} data-state={row.state}>
              <RecordRow
                title={
                  <span className="withdrawal-records__title">
                    <Icon name="withdraw" className="withdrawal-records__icon" />
                    {payoutAccountLabel(row.payoutAccount)}
                  </span>
                }
                subtitle={
                  <>
                    {formatRecordTime(row.createdAt, timeZone)}
                    {hint ? <span className={hint.tone ? `withdrawal-records__hint withdrawal-records__hint--${hint.tone}` : 'withdrawal-records__hint'}>{noteText(t, hint)}</span> : null}
                  </>
                }
                amount={formatRecordMoney(symbol, row.amount)}
                amountTone={row.state === 'paid' ? 'minus' : 'neutral'}
                badge={<StateBadge tone={WITHDRAWAL_STATE_TONES[row.state]}>{t(WITHDRAWAL_STATE_KEYS[row.state])}</StateBadge>}
                onOpen={() => setOpen(row)}
              />
            </li>
          );
        }}
      />
      {list.status === 'empty' && status === undefined ? (
        <Link className="record-next withdrawal-records__next" to={withdrawTo}>
          {t('wdrec_empty_action')}
        </Link>
      ) : null}
      {open ? <WithdrawalSheet row={open} timeZone={timeZone} symbol={symbol} withdrawTo={withdrawTo} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

export default WithdrawalRecords;
