import './styles.css';
import type { TeamBetsProps } from '../../src/generated/widgets/team-bets';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import { useContentLanguage } from '../../src/lib/language';
import { useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useGameCategories } from '../../src/features/games';
import {
  betCategories,
  BetCategoryChips,
  betCategoryName,
  BetRow,
  formatRecordTime,
  RangeBar,
  rangeOfSearch,
  rangeQuery,
  RecordListView,
  TotalsStrip,
  useRecordList,
  useRecordSearch,
  withParam,
  withRange,
} from '../../src/features/records';
import { MemberFilter, TEAM_BETS_ENDPOINT, TEAM_RANGE_CHOICES, type TeamBetsQuery } from '../../src/features/agent';

/**
 * The team's bets in the chosen days, newest first, each naming its member, with the range's
 * totals; range, member and category live in the address (?member=juan&category=RNG).
 */
function TeamBets({ pageSize }: WidgetComponentProps<TeamBetsProps>) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const language = useContentLanguage(i18n, tenant);
  const categories = useGameCategories(language);
  const chips = betCategories(categories.data?.sorting ?? tenant.categories.sorting);
  const { params, replace } = useRecordSearch();
  const range = rangeOfSearch(params);
  const category = params.get('category') ?? undefined;
  const member = params.get('member') ?? '';
  const query: Omit<TeamBetsQuery, 'cursor'> = { ...rangeQuery(range), ...(member ? { member } : {}), ...(category ? { category } : {}), language };
  const list = useRecordList(TEAM_BETS_ENDPOINT, query, { pageSize });
  const timeZone = list.first?.range.timeZone ?? tenantTimeZone(tenant);
  const totals = list.first?.totals;
  // A member outside the team (or none by that name) is refused by the server: said plainly.
  const unknownMember = member !== '' && list.error?.errorCode === 'not.found';

  return (
    <section className="team-bets" aria-label={t('team_betting')}>
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} choices={TEAM_RANGE_CHOICES} />
      <MemberFilter value={member} onChange={(next) => replace(withParam(params, 'member', next))} label="team_filter_member" placeholder="team_filter_member_hint" />
      <BetCategoryChips chips={chips} value={category} onChange={(next) => replace(withParam(params, 'category', next))} />
      {unknownMember ? (
        <p className="team-bets__unknown" role="alert">
          {t('team_member_unknown', { username: member })}
        </p>
      ) : (
        <>
          <TotalsStrip
            loading={!totals}
            items={[
              { label: 'bet_totals_count', value: totals?.count ?? 0, count: true },
              { label: 'bet_totals_stake', value: totals?.stake ?? 0 },
              { label: 'bet_totals_valid', value: totals?.validTurnover ?? 0 },
              { label: 'team_fig_win', value: totals?.win ?? 0 },
              { label: 'team_fig_net', value: totals?.net ?? 0, tone: 'signed' },
            ]}
          />
          <RecordListView
            list={list}
            label={t('team_bets_list')}
            renderRow={(bet) => (
              <li key={bet.id} className="team-bets__row" data-id={bet.id} data-member={bet.member}>
                <BetRow
                  bet={bet}
                  title={
                    <>
                      <span className="team-bets__member">{bet.member}</span> · {bet.gameName}
                    </>
                  }
                  subtitle={`${betCategoryName(t, bet.category)} · ${formatRecordTime(bet.createdAt, timeZone)}`}
                />
              </li>
            )}
          />
        </>
      )}
    </section>
  );
}

export default TeamBets;
