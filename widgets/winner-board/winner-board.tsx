import { useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { sortWinners, useRankList, type Winner } from '../../src/features/games';
import { useContentLanguage } from '../../src/lib/language';
import { useLaunchGame } from '../../src/features/games';
import { useInView } from '../../src/components/use-in-view';
import { useStepLoop } from '../../src/components/step-loop';
import { useRuntime } from '../../src/lib/runtime';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { formatWin, reelRows, WINNER_GAP_PX, WINNER_LANGUAGE_DEBOUNCE_MS, WINNER_VISIBLE, winnerLoop, winnerLoops } from './rules';

function WinnerRow({ winner, symbol, onPlay }: { winner: Winner; symbol: string; onPlay: (w: Winner) => void }) {
  const { t } = useTranslation();
  return (
    <div className="winner-row">
      <img className="winner-row__icon" src={winner.iconUrl} alt="" width={40} height={40} loading="lazy" decoding="async" />
      <span className="winner-row__text">
        <span className="winner-row__name">{winner.customerName}</span>
        <span className="winner-row__game">{winner.gameName}</span>
      </span>
      <span className="winner-row__amount">{formatWin(symbol, winner.winAmount)}</span>
      <button type="button" className="winner-row__play" onClick={() => onPlay(winner)} disabled={!winner.vassalage}>
        {t('play_now')}
      </button>
    </div>
  );
}

const reelStyle = { '--winner-gap': `${WINNER_GAP_PX}px` } as CSSProperties;

/** Above 3 winners: three rows on a reel that steps up one row at a time and loops while on screen. */
function WinnerReel({ winners, symbol, onPlay }: { winners: readonly Winner[]; symbol: string; onPlay: (w: Winner) => void }) {
  const windowRef = useRef<HTMLDivElement>(null);
  const reelRef = useRef<HTMLDivElement>(null);
  const inView = useInView(windowRef);
  useStepLoop(reelRef, winnerLoop(winners.length), inView);
  return (
    <div ref={windowRef} className="winner-board__window" style={reelStyle}>
      <div ref={reelRef} className="winner-board__reel">
        {reelRows(winners).map((w, i) => {
          // The first rows again, where the loop wraps: seen, but neither read out nor tabbed to twice.
          const copy = i >= winners.length || undefined;
          return (
            // swiper-slide: the class the browser journeys look rows up by.
            <div key={i} className="winner-board__slide swiper-slide" aria-hidden={copy} inert={copy}>
              <WinnerRow winner={w} symbol={symbol} onPlay={onPlay} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The winner board: a static view of up to 3, or a looping vertical carousel above 3. */
export default function WinnerBoardView({ title }: { title: TranslationKey }) {
  const { t, i18n } = useTranslation();
  const { tenant } = useRuntime();
  const lang = useContentLanguage(i18n, tenant, WINNER_LANGUAGE_DEBOUNCE_MS);
  const { data } = useRankList(lang);
  const launch = useLaunchGame();
  const winners = useMemo(() => sortWinners(data?.list ?? []), [data]);
  const symbol = data?.currencySymbol ?? tenant.settings.currency.symbol;
  const play = (w: Winner) =>
    void launch({ vassalage: w.vassalage, nodeId: w.nodeId, gameId: w.gameId, gameType: w.gameType, supportPlay: w.supportPlay });

  if (!data) return <section className="winner-board winner-board--loading" aria-hidden="true" />;
  if (winners.length === 0) return null;
  const loops = winnerLoops(winners.length);
  return (
    <section className="winner-board" aria-labelledby="winner-board-title">
      <h2 id="winner-board-title" className="winner-board__title">
        {t(title)}
      </h2>
      {loops ? (
        <WinnerReel winners={winners} symbol={symbol} onPlay={play} />
      ) : (
        <ul className="winner-board__static">
          {winners.slice(0, WINNER_VISIBLE).map((w, i) => (
            <li key={i}>
              <WinnerRow winner={w} symbol={symbol} onPlay={play} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
