import './styles.css';
import type { TeamBetsProps } from '../../src/generated/widgets/team-bets';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation, type TFunction } from '../../src/lib/i18n';
import { isTranslationKey } from '../../src/lib/i18n-keys';
import { useContentLanguage } from '../../src/lib/language';
import { useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useGameCategories } from '../../src/features/games';
import {
  betCategories,
  formatRecordMoney,
  formatRecordTime,
  formatSignedMoney,
  RangeBar,
  rangeOfSearch,
  rangeQuery,
  RecordListView,
  RecordRow,
  toneOf,
  TotalsStrip,
  useRecordList,
  useRecordSearch,
  withParam,
  withRange,
} from '../../src/features/records';
import { MemberFilter, TEAM_BETS_ENDPOINT, TEAM_RANGE_CHOICES, type TeamBetsQuery } from '../../src/features/agent';

/** A category's name: the game menu's label when there is one, else its code. */
function categoryName(t: TFunction, code: string): string {
  const key = `cat_${code}`;
  return isTranslationKey(key) ? t(key) : code;
}

/**
 * The team's bets in the chosen days, newest first, each naming its member, with the range's
 * totals; range, member and category live in the address (?member=juan&category=RNG).
 */
function TeamBets({ pageSize }: WidgetComponentProps<TeamBetsProps>) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
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
  const shown = category && !chips.includes(category) ? [...chips, category] : chips;
  // A member outside the team (or none by that name) is refused by the server: said plainly.
  const unknownMember = member !== '' && list.error?.errorCode === 'not.found';

  return (
    <section className="team-bets" aria-label={t('team_betting')}>
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} choices={TEAM_RANGE_CHOICES} />
      <MemberFilter value={member} onChange={(next) => replace(withParam(params, 'member', next))} label="team_filter_member" placeholder="team_filter_member_hint" />
      <div className="team-bets__categories" role="group" aria-label={t('bet_categories_label')}>
        <button type="button" className="record-chip" aria-pressed={category === undefined} onClick={() => replace(withParam(params, 'category', null))}>
          {t('all')}
        </button>
        {shown.map((code) => (
          <button key={code} type="button" className="record-chip" aria-pressed={category === code} data-category={code} onClick={() => replace(withParam(params, 'category', code))}>
            {categoryName(t, code)}
          </button>
        ))}
      </div>
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
                <RecordRow
                  title={
                    <>
                      <span className="team-bets__member">{bet.member}</span> · {bet.gameName}
                    </>
                  }
                  subtitle={`${categoryName(t, bet.category)} · ${formatRecordTime(bet.createdAt, timeZone)}`}
                  amount={formatSignedMoney(symbol, bet.net)}
                  amountTone={toneOf(bet.net)}
                  badge={
                    <span className="team-bets__stakes">
                      {t('bet_row_stake', { amount: formatRecordMoney(symbol, bet.stake) })}
                      {' · '}
                      {t('bet_row_win', { amount: formatRecordMoney(symbol, bet.win) })}
                    </span>
                  }
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
