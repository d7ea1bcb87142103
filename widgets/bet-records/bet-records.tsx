import './styles.css';
import { Link } from 'react-router-dom';
import type { BetRecordsProps } from '../../src/generated/widgets/bet-records';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation, type TFunction } from '../../src/lib/i18n';
import { isTranslationKey } from '../../src/lib/i18n-keys';
import { useContentLanguage } from '../../src/lib/language';
import { useMemberScope, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useGameCategories } from '../../src/features/games';
import {
  betCategories,
  BETS_ENDPOINT,
  DetailRows,
  formatRecordMoney,
  formatRecordTime,
  formatSignedMoney,
  idOfSearch,
  RangeBar,
  rangeOfSearch,
  rangeQuery,
  RecordListView,
  RecordRow,
  RecordSheet,
  RecordsError,
  RecordsSkeleton,
  slotRound,
  toneOf,
  TotalsStrip,
  useBetDetail,
  useRecordList,
  useRecordSearch,
  withParam,
  withRange,
  type BetsQuery,
} from '../../src/features/records';
import { SlotReels } from './slot-reels';

/** A category's name: the game menu's label when there is one, else its code. */
function categoryName(t: TFunction, code: string): string {
  const key = `cat_${code}`;
  return isTranslationKey(key) ? t(key) : code;
}

/** One round: the reels for the in-house slot, then every field; loaded when the sheet opens. */
function RoundSheet({ id, language, timeZone, scope, onClose }: { id: number; language: string; timeZone: string; scope: string; onClose(): void }) {
  const { t } = useTranslation();
  const symbol = useTenant().settings.currency.symbol;
  const detail = useBetDetail(id, language, scope);
  const bet = detail.data;
  const round = bet ? slotRound(bet.outcome) : null;
  return (
    <RecordSheet title={bet?.gameName ?? t('bet_sheet_title')} onClose={onClose}>
      {bet ? (
        <>
          <p className={`record-amount record-amount--${toneOf(bet.net)}`}>{formatSignedMoney(symbol, bet.net)}</p>
          {round ? <SlotReels round={round} /> : null}
          <DetailRows
            rows={[
              { label: 'bet_field_round', value: bet.roundId, copy: bet.roundId },
              { label: 'bet_field_game', value: bet.gameName },
              { label: 'bet_field_vendor', value: bet.vendor },
              { label: 'bet_field_category', value: categoryName(t, bet.category) },
              { label: 'bet_field_stake', value: formatRecordMoney(symbol, bet.stake) },
              { label: 'bet_field_win', value: formatRecordMoney(symbol, bet.win) },
              { label: 'bet_field_net', value: formatSignedMoney(symbol, bet.net) },
              { label: 'bet_field_balance_after', value: bet.balanceAfter === undefined ? undefined : formatRecordMoney(symbol, bet.balanceAfter) },
              { label: 'bet_field_time', value: formatRecordTime(bet.createdAt, timeZone) },
              { label: 'bet_field_currency', value: bet.currency },
            ]}
          />
        </>
      ) : detail.error ? (
        <RecordsError onRetry={() => void detail.mutate()} />
      ) : (
        <RecordsSkeleton rows={3} />
      )}
    </RecordSheet>
  );
}

/**
 * The betting record: the member's bets in the chosen days, newest first, with the range's
 * totals; a bet opens its round. Range, category and the open round live in the address.
 */
function BetRecords({ playTo = '/m/gameList', pageSize }: WidgetComponentProps<BetRecordsProps>) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
  const language = useContentLanguage(i18n, tenant);
  const categories = useGameCategories(language);
  const chips = betCategories(categories.data?.sorting ?? tenant.categories.sorting);
  const { params, replace } = useRecordSearch();
  const range = rangeOfSearch(params);
  const category = params.get('category') ?? undefined;
  const open = idOfSearch(params, 'bet');
  // A round is the member's: its sheet opens once the member is known (never in the server's render).
  const scope = useMemberScope();
  const query: Omit<BetsQuery, 'cursor'> = { ...rangeQuery(range), ...(category ? { category } : {}), language };
  const list = useRecordList(BETS_ENDPOINT, query, { pageSize });
  const timeZone = list.first?.range.timeZone ?? tenantTimeZone(tenant);
  const totals = list.first?.totals;
  // A category the address names but the menu lacks still shows, so the pressed chip is visible.
  const shown = category && !chips.includes(category) ? [...chips, category] : chips;

  return (
    <section className="bet-records" aria-label={t('betting_record')}>
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} />
      <div className="bet-records__categories" role="group" aria-label={t('bet_categories_label')}>
        <button type="button" className="record-chip bet-records__chip" aria-pressed={category === undefined} onClick={() => replace(withParam(params, 'category', null))}>
          {t('all')}
        </button>
        {shown.map((code) => (
          <button key={code} type="button" className="record-chip bet-records__chip" aria-pressed={category === code} data-category={code} onClick={() => replace(withParam(params, 'category', code))}>
            {categoryName(t, code)}
          </button>
        ))}
      </div>
      <TotalsStrip
        loading={!totals}
        items={[
          { label: 'bet_totals_count', value: totals?.count ?? 0, count: true },
          { label: 'bet_totals_stake', value: totals?.stake ?? 0 },
          { label: 'bet_totals_valid', value: totals?.validTurnover ?? 0 },
          { label: 'bet_totals_win', value: totals?.win ?? 0 },
          { label: 'bet_totals_net', value: totals?.net ?? 0, tone: 'signed' },
        ]}
      />
      <RecordListView
        list={list}
        label={t('bet_list_label')}
        renderRow={(bet) => (
          <li key={bet.id} className="bet-records__row" data-id={bet.id}>
            <RecordRow
              title={bet.gameName}
              subtitle={`${bet.vendor} · ${formatRecordTime(bet.createdAt, timeZone)}`}
              amount={formatSignedMoney(symbol, bet.net)}
              amountTone={toneOf(bet.net)}
              badge={
                <span className="bet-records__stakes">
                  {t('bet_row_stake', { amount: formatRecordMoney(symbol, bet.stake) })}
                  {' · '}
                  {t('bet_row_win', { amount: formatRecordMoney(symbol, bet.win) })}
                </span>
              }
              onOpen={() => replace(withParam(params, 'bet', String(bet.id)))}
            />
          </li>
        )}
      />
      {list.status === 'empty' ? (
        <Link className="record-next bet-records__next" to={playTo}>
          {t('bet_empty_action')}
        </Link>
      ) : null}
      {open !== null && scope ? (
        <RoundSheet id={open} language={language} timeZone={timeZone} scope={scope} onClose={() => replace(withParam(params, 'bet', null))} />
      ) : null}
    </section>
  );
}

export default BetRecords;
