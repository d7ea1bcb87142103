import './styles.css';
import { useState } from 'react';
import type { RebateReportProps } from '../../src/generated/widgets/rebate-report';
import { useTranslation } from '../../src/lib/i18n';
import { useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  formatRecordMoney,
  formatSignedMoney,
  gameTypeLabel,
  rangeQuery,
  RangeBar,
  RecordListView,
  RecordRow,
  REBATE_REPORT_ENDPOINT,
  StateBadge,
  TODAY_RANGE,
  TotalsStrip,
  useRecordList,
  type RangeValue,
  type RebateReportRow,
  type TotalItem,
} from '../../src/features/records';

const rowKey = (row: RebateReportRow) => `${row.day}:${row.gameType}`;

function RebateReport({ pageSize = 20 }: WidgetComponentProps<RebateReportProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  const symbol = useTenant().settings.currency.symbol;
  const [range, setRange] = useState<RangeValue>(TODAY_RANGE);
  const list = useRecordList(REBATE_REPORT_ENDPOINT, rangeQuery(range), { keyOf: rowKey, pageSize });

  if (hydrated && !signedIn) {
    return (
      <div className="rebate-report rebate-report--visitor">
        <p>{t('rebate_report_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }

  const totals = list.first?.totals;
  const items: TotalItem[] = [
    { label: 'rebate_total_amount', value: totals?.amount ?? 0, tone: 'plus' },
    { label: 'rebate_total_turnover', value: totals?.validTurnover ?? 0 },
    { label: 'rebate_total_claimed', value: totals?.manual ?? 0 },
    { label: 'rebate_total_auto', value: totals?.auto ?? 0 },
    { label: 'rebate_total_count', value: totals?.claims ?? 0, count: true },
  ];

  return (
    <section className="rebate-report">
      <RangeBar value={range} onChange={setRange} />
      <TotalsStrip items={items} loading={!totals} />
      <RecordListView
        list={list}
        label={t('rebate_report')}
        renderRow={(row, index) => {
          const newDay = index === 0 || list.rows[index - 1].day !== row.day;
          return (
            <li key={rowKey(row)} data-day={row.day} data-game-type={row.gameType}>
              {newDay ? <h3 className="rebate-report__day">{row.day}</h3> : null}
              <RecordRow
                title={t(gameTypeLabel(row.gameType))}
                subtitle={t('rebate_report_turnover', { amount: formatRecordMoney(symbol, row.validTurnover) })}
                amount={formatSignedMoney(symbol, row.amount)}
                amountTone="plus"
                badge={
                  <span className="rebate-report__kinds">
                    {row.manual > 0 ? <StateBadge tone="success">{t('rebate_report_claimed')}</StateBadge> : null}
                    {row.auto > 0 ? <StateBadge tone="pending">{t('rebate_report_auto')}</StateBadge> : null}
                  </span>
                }
              />
            </li>
          );
        }}
      />
    </section>
  );
}

export default RebateReport;
