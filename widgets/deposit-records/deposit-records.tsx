import './styles.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DepositRecordsProps } from '../../src/generated/widgets/deposit-records';
import { Icon } from '../../src/components/icons';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation, type TFunction } from '../../src/lib/i18n';
import { useRuntimeActions, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  DEPOSIT_RECORD_STATES,
  DEPOSIT_RECORDS_ENDPOINT,
  DEPOSIT_STATE_KEYS,
  DEPOSIT_STATE_TONES,
  depositOutcome,
  depositRowHint,
  DetailRows,
  formatRecordMoney,
  formatRecordTime,
  isDepositRecordState,
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
  withParam,
  withRange,
  type DepositRecord,
  type DepositsQuery,
  type StateNote,
} from '../../src/features/records';
import { href } from '../../src/lib/routes';

const noteText = (t: TFunction, note: StateNote) => t(note.key, note.params);

function DepositSheet({ row, timeZone, symbol, depositTo, onClose }: { row: DepositRecord; timeZone: string; symbol: string; depositTo: string; onClose(): void }) {
  const { t } = useTranslation();
  const { dispatch } = useRuntimeActions();
  const { note, action } = depositOutcome(row, { credited: formatRecordMoney(symbol, row.credited), bonus: formatRecordMoney(symbol, row.bonus) });
  const time = (iso: string | undefined) => formatRecordTime(iso, timeZone);
  return (
    <RecordSheet title={t('deprec_sheet_title')} onClose={onClose}>
      <div className="deposit-records__summary" data-state={row.state}>
        <p className={row.state === 'paid' ? 'record-amount record-amount--plus' : 'record-amount'}>{formatRecordMoney(symbol, row.amount)}</p>
        <StateBadge tone={DEPOSIT_STATE_TONES[row.state]}>{t(DEPOSIT_STATE_KEYS[row.state])}</StateBadge>
      </div>
      <p className={note.tone ? `deposit-records__outcome deposit-records__outcome--${note.tone}` : 'deposit-records__outcome'} data-testid="deposit-outcome">
        {noteText(t, note)}
      </p>
      <DetailRows
        rows={[
          { label: 'deposit_amount', value: formatRecordMoney(symbol, row.amount) },
          { label: 'deposit_fee', value: formatRecordMoney(symbol, row.fee) },
          { label: 'deposit_credited', value: formatRecordMoney(symbol, row.credited) },
          { label: 'deposit_bonus', value: row.bonus > 0 ? formatRecordMoney(symbol, row.bonus) : undefined },
          { label: 'deposit_channel', value: row.channelName },
          { label: 'deposit_status', value: t(DEPOSIT_STATE_KEYS[row.state]) },
          { label: 'records_field_reason', value: row.reason, tone: 'danger' },
          { label: 'deposit_reference', value: row.reference, copy: row.reference },
          { label: 'deprec_field_number', value: String(row.id), copy: String(row.id) },
          { label: 'records_field_created', value: time(row.createdAt) },
          { label: 'records_field_updated', value: row.updatedAt !== row.createdAt ? time(row.updatedAt) : undefined },
          { label: 'records_field_decided', value: time(row.decidedAt) },
          { label: 'deprec_field_expires', value: row.state === 'pending' ? time(row.expiresAt) : undefined },
        ]}
      />
      <div className="deposit-records__actions">
        {action === 'continue' ? (
          <Link className="record-next deposit-records__next" to={`${depositTo}?deposit=${row.id}`}>
            {t('deprec_continue')}
          </Link>
        ) : null}
        {action === 'again' ? (
          <Link className="record-next deposit-records__next" to={depositTo}>
            {t('deprec_again')}
          </Link>
        ) : null}
        {row.state === 'rejected' ? (
          <button type="button" className="deposit-records__secondary" onClick={() => dispatch('customerService')}>
            {t('records_contact_service')}
          </button>
        ) : null}
      </div>
    </RecordSheet>
  );
}

/**
 * The deposit record: the member's deposit requests in the chosen days, newest first, each with
 * its state in colour and words and what it waits for; the range's totals and each state's count
 * on its filter. Range and state live in the address.
 */
function DepositRecords({ depositTo = href('voucherCenter'), pageSize }: WidgetComponentProps<DepositRecordsProps>) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
  const { params, replace } = useRecordSearch();
  const range = rangeOfSearch(params);
  const statusParam = params.get('status');
  const status = isDepositRecordState(statusParam) ? statusParam : undefined;
  const query: Omit<DepositsQuery, 'cursor'> = { ...rangeQuery(range), ...(status ? { status } : {}) };
  const list = useRecordList(DEPOSIT_RECORDS_ENDPOINT, query, { pageSize });
  const [open, setOpen] = useState<DepositRecord | null>(null);
  const timeZone = list.first?.range.timeZone ?? tenantTimeZone(tenant);
  const totals = list.first?.totals;

  return (
    <section className="deposit-records" aria-label={t('deposit_record')}>
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} />
      <div className="deposit-records__states" role="group" aria-label={t('deprec_states_label')}>
        <button type="button" className="record-chip deposit-records__chip" aria-pressed={status === undefined} onClick={() => replace(withParam(params, 'status', null))}>
          {t('all')}
          {totals ? ' ' : null}
          {totals ? <span className="deposit-records__count">{totals.count}</span> : null}
        </button>
        {DEPOSIT_RECORD_STATES.map((state) => (
          <button
            key={state}
            type="button"
            className="record-chip deposit-records__chip"
            aria-pressed={status === state}
            data-state={state}
            onClick={() => replace(withParam(params, 'status', state))}
          >
            <span className={`deposit-records__dot deposit-records__dot--${DEPOSIT_STATE_TONES[state]}`} aria-hidden="true" />
            {t(DEPOSIT_STATE_KEYS[state])}
            {totals ? ' ' : null}
            {totals ? <span className="deposit-records__count">{totals.states[state].count}</span> : null}
          </button>
        ))}
      </div>
      <TotalsStrip
        loading={!totals}
        items={[
          { label: 'deprec_totals_credited', value: totals?.credited ?? 0, tone: 'plus' },
          { label: 'deprec_totals_pending', value: totals?.states.pending.amount ?? 0 },
          { label: 'deprec_totals_rejected', value: totals?.states.rejected.amount ?? 0, tone: 'minus' },
          { label: 'deprec_totals_count', value: totals?.count ?? 0, count: true },
        ]}
      />
      <RecordListView
        list={list}
        label={t('deprec_list_label')}
        renderRow={(row) => {
          const hint = depositRowHint(row);
          return (
            <li key={row.id} className="deposit-records__row" data-id={row.id} data-state={row.state}>
              <RecordRow
                title={
                  <span className="deposit-records__title">
                    <Icon name={row.channelKind === 'bank' ? 'deposit' : 'wallet'} className="deposit-records__icon" />
                    {row.channelName}
                  </span>
                }
                subtitle={
                  <>
                    {formatRecordTime(row.createdAt, timeZone)}
                    {hint ? <span className={hint.tone ? `deposit-records__hint deposit-records__hint--${hint.tone}` : 'deposit-records__hint'}>{noteText(t, hint)}</span> : null}
                  </>
                }
                amount={formatRecordMoney(symbol, row.amount)}
                amountTone={row.state === 'paid' ? 'plus' : 'neutral'}
                badge={<StateBadge tone={DEPOSIT_STATE_TONES[row.state]}>{t(DEPOSIT_STATE_KEYS[row.state])}</StateBadge>}
                onOpen={() => setOpen(row)}
              />
            </li>
          );
        }}
      />
      {list.status === 'empty' && status === undefined ? (
        <Link className="record-next deposit-records__next" to={depositTo}>
          {t('deprec_empty_action')}
        </Link>
      ) : null}
      {open ? <DepositSheet row={open} timeZone={timeZone} symbol={symbol} depositTo={depositTo} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

export default DepositRecords;
