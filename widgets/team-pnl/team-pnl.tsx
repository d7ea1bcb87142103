import './styles.css';
import { useNavigate } from 'react-router-dom';
import type { TeamPnlProps } from '../../src/generated/widgets/team-pnl';
import { useTranslation } from '../../src/lib/i18n';
import { useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  betCategoryName,
  formatRecordMoney,
  formatSignedMoney,
  RangeBar,
  rangeOfSearch,
  rangeQuery,
  recordsPath,
  RecordListView,
  RecordRow,
  toneOf,
  TotalsStrip,
  useRecordList,
  useRecordSearch,
  withParam,
  withRange,
} from '../../src/features/records';
import { TEAM_PNL_ENDPOINT, TEAM_RANGE_CHOICES, type TeamPnlQuery, type TeamPnlRow } from '../../src/features/agent';
import { href } from '../../src/lib/routes';

const keyOf = (row: TeamPnlRow) => row.key;

/**
 * The team's profit and loss over the chosen days: totals, then a row per member (largest stake
 * first; a row opens that member's bets) or per category. The result is the members' win or
 * loss: red when the team lost (the house won).
 */
function TeamPnl({ betsTo = href('teamBetting'), pageSize }: WidgetComponentProps<TeamPnlProps>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = useTenant().settings.currency.symbol;
  const { params, replace } = useRecordSearch();
  const range = rangeOfSearch(params);
  const by = params.get('by') === 'category' ? 'category' : 'member';
  const query: Omit<TeamPnlQuery, 'cursor'> = { ...rangeQuery(range), by };
  const list = useRecordList(TEAM_PNL_ENDPOINT, query, { pageSize, keyOf });
  const totals = list.first?.totals;

  return (
    <section className="team-pnl" aria-label={t('team_pnl')}>
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} choices={TEAM_RANGE_CHOICES} />
      <div className="team-pnl__by" role="group" aria-label={t('team_pnl_by')}>
        {(['member', 'category'] as const).map((b) => (
          <button key={b} type="button" className="record-chip" aria-pressed={by === b} data-by={b} onClick={() => replace(withParam(params, 'by', b === 'member' ? null : b))}>
            {t(b === 'member' ? 'team_pnl_by_member' : 'team_pnl_by_category')}
          </button>
        ))}
      </div>
      <TotalsStrip
        loading={!totals}
        items={[
          { label: 'team_fig_active', value: totals?.activeMembers ?? 0, count: true },
          { label: 'bet_totals_count', value: totals?.betCount ?? 0, count: true },
          { label: 'team_fig_turnover', value: totals?.stake ?? 0 },
          { label: 'bet_totals_valid', value: totals?.validTurnover ?? 0 },
          { label: 'team_fig_win', value: totals?.win ?? 0 },
          { label: 'team_fig_net', value: totals?.net ?? 0, tone: 'signed' },
        ]}
      />
      <p className="team-pnl__hint">{t('team_net_hint')}</p>
      <RecordListView
        list={list}
        label={t('team_pnl')}
        renderRow={(row) => (
          <li key={row.key} className="team-pnl__row" data-key={row.key}>
            <RecordRow
              title={by === 'member' ? row.key : betCategoryName(t, row.key)}
              subtitle={
                by === 'member' && row.level !== undefined
                  ? `${t('team_level', { level: row.level })} · ${t('team_bets_count', { count: row.betCount })}`
                  : t('team_bets_count', { count: row.betCount })
              }
              amount={formatSignedMoney(symbol, row.net)}
              amountTone={toneOf(row.net)}
              badge={
                <span className="team-pnl__stakes">
                  {t('bet_row_stake', { amount: formatRecordMoney(symbol, row.stake) })}
                  {' · '}
                  {t('bet_row_win', { amount: formatRecordMoney(symbol, row.win) })}
                </span>
              }
              onOpen={
                by === 'member'
                  ? () => {
                      const path = recordsPath(betsTo, range);
                      void navigate(`${path}${path.includes('?') ? '&' : '?'}member=${encodeURIComponent(row.key)}`);
                    }
                  : undefined
              }
            />
          </li>
        )}
      />
    </section>
  );
}

export default TeamPnl;
