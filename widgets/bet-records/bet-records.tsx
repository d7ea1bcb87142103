import './styles.css';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { BetRecordsProps } from '../../src/generated/widgets/bet-records';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import { useContentLanguage } from '../../src/lib/language';
import { useMemberScope, useTenant } from '../../src/lib/runtime';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useGameCategories } from '../../src/features/games';
import {
  betCategories,
  BetCategoryChips,
  betCategoryName,
  BetRow,
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
import { href } from '../../src/lib/routes';

/**
 * One round: the reels for the in-house slot, then every field; loaded when the sheet opens. The
 * vendor shows by its name in the lobby's vendor list (the code until that list is in).
 */
function RoundSheet({
  id,
  language,
  timeZone,
  scope,
  vendorNames,
  onClose,
}: {
  id: number;
  language: string;
  timeZone: string;
  scope: string;
  vendorNames: ReadonlyMap<string, string>;
  onClose(): void;
}) {
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
              { label: 'bet_field_vendor', value: vendorNames.get(bet.vendor) ?? bet.vendor },
              { label: 'bet_field_category', value: betCategoryName(t, bet.category) },
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
function BetRecords({ playTo = href('gameList'), pageSize }: WidgetComponentProps<BetRecordsProps>) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const language = useContentLanguage(i18n, tenant);
  const categories = useGameCategories(language);
  const chips = betCategories(categories.data?.sorting ?? tenant.categories.sorting);
  const vendorNames = useMemo(() => new Map((categories.data?.vendors ?? []).map((v) => [v.vassalage, v.name])), [categories.data]);
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

  return (
    <section className="bet-records" aria-label={t('betting_record')}>
      <RangeBar value={range} onChange={(next) => replace(withRange(params, next))} />
      <BetCategoryChips chips={chips} value={category} onChange={(next) => replace(withParam(params, 'category', next))} />
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
            <BetRow
              bet={bet}
              title={bet.gameName}
              subtitle={`${bet.vendor} · ${formatRecordTime(bet.createdAt, timeZone)}`}
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
        <RoundSheet id={open} language={language} timeZone={timeZone} scope={scope} vendorNames={vendorNames} onClose={() => replace(withParam(params, 'bet', null))} />
      ) : null}
    </section>
  );
}

export default BetRecords;
