import './styles.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AccountRecordsProps } from '../../src/generated/widgets/account-records';
import { Icon } from '../../src/components/icons';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation, type TFunction } from '../../src/lib/i18n';
import { useSessionInfo, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  ACCOUNT_KEYS,
  DetailRows,
  formatRecordMoney,
  formatRecordTime,
  formatSignedMoney,
  isAgentType,
  isTransactionType,
  RangeBar,
  rangeOfSearch,
  rangeQuery,
  RecordListView,
  RecordRow,
  RecordSheet,
  referenceLink,
  toneOf,
  TotalsStrip,
  TRANSACTION_TYPE_ICONS,
  TRANSACTION_TYPE_KEYS,
  TRANSACTION_TYPES,
  TRANSACTIONS_ENDPOINT,
  useRecordList,
  useRecordSearch,
  withParam,
  withRange,
  type Transaction,
  type TransactionsQuery,
} from '../../src/features/records';
import { href } from '../../src/lib/routes';

/** The second line of an entry: who the transfer was with, whose team entry it is, or what it belongs to. */
function entryNote(t: TFunction, row: Transaction): string {
  if (row.member) return t('txn_member_line', { member: row.member });
  if (row.counterparty) return t(row.amount < 0 ? 'txn_transfer_to' : 'txn_transfer_from', { name: row.counterparty });
  return row.reference ?? '';
}

function EntrySheet({ row, timeZone, symbol, onClose }: { row: Transaction; timeZone: string; symbol: string; onClose(): void }) {
  const { t } = useTranslation();
  const link = referenceLink(row.reference);
  return (
    <RecordSheet title={t('txn_sheet_title')} onClose={onClose}>
      <p className={`record-amount record-amount--${toneOf(row.amount)}`}>{formatSignedMoney(symbol, row.amount)}</p>
      <DetailRows
        rows={[
          { label: 'txn_field_type', value: t(TRANSACTION_TYPE_KEYS[row.type]) },
          { label: 'txn_field_account', value: t(ACCOUNT_KEYS[row.account]) },
          { label: 'txn_field_balance_after', value: formatRecordMoney(symbol, row.balanceAfter) },
          { label: 'txn_field_time', value: formatRecordTime(row.createdAt, timeZone) },
          { label: 'txn_field_counterparty', value: row.counterparty },
          { label: 'txn_field_member', value: row.member },
          { label: 'txn_field_reference', value: row.reference, copy: row.reference },
          { label: 'txn_field_transaction', value: String(row.transactionId), copy: String(row.transactionId) },
          { label: 'txn_field_entry', value: String(row.id) },
        ]}
      />
      {link ? (
        <Link className="record-next account-records__next" to={link.to}>
          {t(link.label)}
        </Link>
      ) : null}
    </RecordSheet>
  );
}

/**
 * The account record: every ledger entry of the member in the chosen days, newest first, with the
 * balance of its account after it. Range, type and the agent's team view live in the address.
 */
function AccountRecords({ depositTo = href('voucherCenter'), pageSize }: WidgetComponentProps<AccountRecordsProps>) {
  const { t } = useTranslation();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
  const agent = isAgentType(useSessionInfo()?.type);
  const { params, replace } = useRecordSearch();
  const range = rangeOfSearch(params);
  const typeParam = params.get('type');
  const type = isTransactionType(typeParam) ? typeParam : undefined;
  // Only an agent has a team; anyone else asking for it would be refused (agent.required).
  const team = agent && params.get('types') === 'A';
  const query: Omit<TransactionsQuery, 'cursor'> = { ...rangeQuery(range), ...(type ? { type } : {}), ...(team ? { types: 'A' as const } : {}) };
  const list = useRecordList(TRANSACTIONS_ENDPOINT, query, { pageSize });
  const [open, setOpen] = useState<Transaction | null>(null);
  const timeZone = list.first?.range.timeZone ?? tenantTimeZone(tenant);
  const totals = list.first?.totals;

  return (
    <section className="account-records" aria-label={t('account_record')}>
      {agent ? (
        <div className="account-records__scope" role="group" aria-label={t('txn_scope_label')}>
          <button type="button" className="record-chip account-records__chip" aria-pressed={!team} onClick={() => replace(withParam(params, 'types', null))}>
            {t('txn_scope_mine')}
          </button>
          <button type="button" className="record-chip account-records__chip" aria-pressed={team} onClick={() => replace(withParam(params, 'types', 'A'))}>
            {t('txn_scope_team')}
          </button>
        </div>
      ) : null}
      {team ? <p className="account-records__team-note">{t('txn_team_note')}</p> : null}
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} />
      <div className="account-records__types" role="group" aria-label={t('txn_types_label')}>
        <button type="button" className="record-chip account-records__chip" aria-pressed={type === undefined} onClick={() => replace(withParam(params, 'type', null))}>
          {t('all')}
        </button>
        {TRANSACTION_TYPES.map((kind) => (
          <button key={kind} type="button" className="record-chip account-records__chip" aria-pressed={type === kind} data-type={kind} onClick={() => replace(withParam(params, 'type', kind))}>
            {t(TRANSACTION_TYPE_KEYS[kind])}
          </button>
        ))}
      </div>
      <TotalsStrip
        loading={!totals}
        items={[
          { label: 'txn_totals_in', value: totals?.credit ?? 0, tone: 'signed' },
          { label: 'txn_totals_out', value: totals?.debit ?? 0, tone: 'signed' },
          { label: 'txn_totals_count', value: totals?.count ?? 0, count: true },
        ]}
      />
      <RecordListView
        list={list}
        label={t('txn_list_label')}
        renderRow={(row) => {
          const note = entryNote(t, row);
          const time = formatRecordTime(row.createdAt, timeZone);
          return (
            <li key={row.id} className="account-records__row" data-type={row.type} data-id={row.id}>
              <RecordRow
                title={
                  <span className="account-records__title">
                    <Icon name={TRANSACTION_TYPE_ICONS[row.type]} className="account-records__icon" />
                    {t(TRANSACTION_TYPE_KEYS[row.type])}
                  </span>
                }
                subtitle={note ? `${time} · ${note}` : time}
                amount={formatSignedMoney(symbol, row.amount)}
                amountTone={toneOf(row.amount)}
                badge={
                  <span className="account-records__balance">
                    {t(row.account === 'HOLD' ? 'txn_held_after' : 'txn_balance_after', { amount: formatRecordMoney(symbol, row.balanceAfter) })}
                  </span>
                }
                onOpen={() => setOpen(row)}
              />
            </li>
          );
        }}
      />
      {list.status === 'empty' && type === undefined && !team ? (
        <Link className="record-next account-records__next" to={depositTo}>
          {t('txn_empty_action')}
        </Link>
      ) : null}
      {open ? <EntrySheet row={open} timeZone={timeZone} symbol={symbol} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

export default AccountRecords;
