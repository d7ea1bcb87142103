import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../src/components/empty-state';
import { FormTabs, useFormTabs } from '../../src/components/form';
import { useLaunchGame, useWinners, type Winner, type WinnersPeriod } from '../../src/features/games';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { useContentLanguage } from '../../src/lib/language';
import { moneyText } from '../../src/domain/money';
import { useTenant } from '../../src/lib/runtime';

const PERIOD_LABELS: Record<WinnersPeriod, TranslationKey> = {
  today: 'winners_today',
  week: 'winners_week',
  month: 'winners_month',
};

/** A win with its currency symbol and 2 decimals, grouped (₱1,234.50; src/domain/money's moneyText). */
export const formatWinAmount = (symbol: string, amount: number): string => moneyText(symbol, amount);

/** The open tab: the query's period when it is one of the tabs, else the first tab. */
export function periodOf(search: URLSearchParams, periods: readonly WinnersPeriod[]): WinnersPeriod {
  const asked = search.get('period');
  return periods.find((p) => p === asked) ?? periods[0];
}

function WinnerRow({ rank, winner, symbol, onPlay }: { rank: number; winner: Winner; symbol: string; onPlay(w: Winner): void }) {
  const { t } = useTranslation();
  return (
    <li className="winner-list__row" data-rank={rank}>
      <span className="winner-list__rank" aria-hidden="true">
        {rank}
      </span>
      <img className="winner-list__icon" src={winner.iconUrl} alt="" width={40} height={40} loading="lazy" decoding="async" />
      <span className="winner-list__text">
        <span className="winner-list__name">{winner.customerName}</span>
        <span className="winner-list__game">{winner.gameName}</span>
      </span>
      <span className="winner-list__amount">{formatWinAmount(symbol, winner.winAmount)}</span>
      <button type="button" className="winner-list__play" onClick={() => onPlay(winner)} disabled={!winner.vassalage}>
        {t('play_now')}
      </button>
    </li>
  );
}

/** The winners of a period, biggest first, under tabs for the periods; the tab is kept in ?period=. */
export default function WinnerListView({ periods, limit }: { periods: readonly WinnersPeriod[]; limit: number }) {
  const { t, i18n } = useTranslation();
  const tenant = useTenant();
  const lang = useContentLanguage(i18n, tenant);
  const [search, setSearch] = useSearchParams();
  const period = periodOf(search, periods);
  const tabs = useFormTabs('winners', period, periods.length > 1);
  const { data, error, mutate } = useWinners(period, lang, limit);
  const launch = useLaunchGame();
  const play = (w: Winner) =>
    void launch({ vassalage: w.vassalage, nodeId: w.nodeId, gameId: w.gameId, gameType: w.gameType, supportPlay: w.supportPlay });
  const select = (next: WinnersPeriod) => {
    const params = new URLSearchParams(search);
    params.set('period', next);
    setSearch(params, { replace: true });
  };

  let body;
  if (!data) {
    body = error ? (
      <div className="winner-list__error" role="alert">
        <p>{t('winners_load_error')}</p>
        <button type="button" className="button button--primary" onClick={() => void mutate()}>
          {t('retry')}
        </button>
      </div>
    ) : (
      <div className="winner-list__loading" aria-busy="true" />
    );
  } else if (data.list.length === 0) {
    body = <EmptyState messageKey="winners_none" />;
  } else {
    const symbol = data.currencySymbol;
    body = (
      <ol className="winner-list__rows">
        {data.list.map((w, i) => (
          <WinnerRow key={`${w.createdAt}-${i}`} rank={i + 1} winner={w} symbol={symbol} onPlay={play} />
        ))}
      </ol>
    );
  }
  return (
    <section className="winner-list" aria-labelledby="winner-list-title">
      <h2 id="winner-list-title" className="winner-list__title">
        {t('winners_title')}
      </h2>
      <FormTabs state={tabs} tabs={periods.map((value) => ({ value, label: PERIOD_LABELS[value] }))} onSelect={select} />
      <div className="winner-list__panel" {...tabs.panel} data-period={period}>
        {body}
      </div>
    </section>
  );
}
