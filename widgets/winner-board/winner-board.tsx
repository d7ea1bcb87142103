import 'swiper/css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { sortWinners, useRankList, type Winner } from '../../src/features/games';
import { useContentLanguage } from '../../src/lib/language';
import { useLaunchGame } from '../../src/features/games';
import { useRuntime } from '../../src/lib/runtime';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { formatWin, loopSlides, WINNER_LANGUAGE_DEBOUNCE_MS, WINNER_VISIBLE, winnerLoops, winnerSwiperOptions } from './rules';

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
        <Swiper className="winner-board__swiper" modules={[Autoplay]} {...winnerSwiperOptions()}>
          {loopSlides(winners).map((w, i) => (
            <SwiperSlide key={i}>
              <WinnerRow winner={w} symbol={symbol} onPlay={play} />
            </SwiperSlide>
          ))}
        </Swiper>
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
