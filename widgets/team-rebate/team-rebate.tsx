import './styles.css';
import { useState } from 'react';
import type { TeamRebateProps } from '../../src/generated/widgets/team-rebate';
import { useTranslation } from '../../src/lib/i18n';
import { useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { formatSignedMoney, rangeQuery, RangeBar, RecordListView, RecordRow, TODAY_RANGE, TotalsStrip, useRecordList, type RangeValue, type TotalItem } from '../../src/features/records';
import { TEAM_REBATES_ENDPOINT, type TeamRebateRow } from '../../src/features/agent';

const rowKey = (row: TeamRebateRow) => `${row.day}:${row.memberId}`;

/** The rebates paid to the agent's team by day and member, with the range's totals. */
function TeamRebate({ pageSize = 20 }: WidgetComponentProps<TeamRebateProps>) {
  const { t } = useTranslation();
  const symbol = useTenant().settings.currency.symbol;
  const [range, setRange] = useState<RangeValue>(TODAY_RANGE);
  const list = useRecordList(TEAM_REBATES_ENDPOINT, rangeQuery(range), { keyOf: rowKey, pageSize });
  const totals = list.first?.totals;
  const items: TotalItem[] = [
    { label: 'team_rebate_total_amount', value: totals?.amount ?? 0, tone: 'plus' },
    { label: 'team_rebate_total_members', value: totals?.members ?? 0, count: true },
    { label: 'team_rebate_total_claims', value: totals?.claims ?? 0, count: true },
  ];

  return (
    <section className="team-rebate">
      <RangeBar value={range} onChange={setRange} />
      <TotalsStrip items={items} loading={!totals} />
      <RecordListView
        list={list}
        label={t('team_rebate')}
        renderRow={(row, index) => {
          const newDay = index === 0 || list.rows[index - 1].day !== row.day;
          return (
            <li key={rowKey(row)} data-day={row.day} data-member={row.username}>
              {newDay ? <h3 className="team-rebate__day">{row.day}</h3> : null}
              <RecordRow title={row.username} subtitle={t('team_rebate_claims', { count: row.claims })} amount={formatSignedMoney(symbol, row.amount)} amountTone="plus" />
            </li>
          );
        }}
      />
    </section>
  );
}

export default TeamRebate;
