/**
 * The lottery list's draws (spec section 7, "recent VN lottery" and "VN numero"): for each
 * lottery of the list's prize mode, the next draw's number and a countdown to it, and the latest
 * results, as the vendor that draws them publishes them. The clock ticks in an effect (the server
 * render shows no countdown); once a draw's time has come the list is read again.
 */
import { useEffect } from 'react';
import { useSecondClock } from '../../src/components/use-clock';
import { useTranslation } from '../../src/lib/i18n';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTenant } from '../../src/lib/runtime';
import { zoneOffset } from '../../src/domain/date-range';
import { countdown, useLotteryDraws, type Lottery } from '../../src/features/games';

/** An ISO instant as "HH:mm" on the tenant's wall clock. */
function clockTime(iso: string, timeZone: string): string {
  const t = Date.parse(iso);
  const d = new Date(t + zoneOffset(timeZone, t) * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** After a draw's time, the vendor needs a moment to publish its result. */
const AFTER_DRAW_MS = 3_000;

/** The game list's lottery categories and the prize mode each shows. */
export const PRIZE_MODE_OF: Readonly<Record<string, Lottery['prizeMode']>> = { LOTT: 'Lott', ELOTT: 'Elott' };

export function LotteryDraws({ prizeMode }: { prizeMode: Lottery['prizeMode'] }) {
  const { t } = useTranslation();
  const timeZone = tenantTimeZone(useTenant());
  const draws = useLotteryDraws(true);
  const now = useSecondClock();
  const lotteries = draws.data?.lotteries.filter((l) => l.prizeMode === prizeMode) ?? [];
  const due = now !== null && lotteries.some((l) => Date.parse(l.nextDrawAt) + AFTER_DRAW_MS <= now);
  const { mutate } = draws;
  useEffect(() => {
    if (due) void mutate();
  }, [due, mutate]);

  if (!draws.data) return null;
  if (!draws.data.available || lotteries.length === 0) {
    return (
      <p className="game-list__draws-note" role="status">
        {t('lottery_draws_unavailable')}
      </p>
    );
  }
  return (
    <section className="game-list__draws" aria-label={t(prizeMode === 'Lott' ? 'cat_LOTT' : 'cat_ELOTT')}>
      {lotteries.map((l) => {
        const drawing = now !== null && Date.parse(l.nextDrawAt) <= now;
        return (
          <div key={`${l.prizeMode}-${l.playType}`} className="game-list__draw">
            <p className="game-list__next">
              <span>{t('lottery_next_draw', { number: l.nextDrawNumber })}</span>{' '}
              <strong className="game-list__countdown" aria-live="off" data-testid="lottery-countdown">
                {drawing ? t('lottery_drawing') : now === null ? '' : countdown(l.nextDrawAt, now)}
              </strong>
            </p>
            <h3 className="game-list__draws-title">{t('lottery_latest')}</h3>
            {l.results.length === 0 ? (
              <p className="game-list__draws-note">{t('lottery_no_results')}</p>
            ) : (
              <ol className="game-list__results">
                {l.results.map((r) => (
                  <li key={r.number} className="game-list__result" data-testid="lottery-result">
                    <span className="game-list__draw-no">{t('lottery_draw_no', { number: r.number })}</span>{' '}
                    <time dateTime={r.drawAt}>{clockTime(r.drawAt, timeZone)}</time>{' '}
                    {r.result === null ? (
                      <em>{t('lottery_void')}</em>
                    ) : (
                      <span className="game-list__digits" aria-label={r.result.split('').join(' ')}>
                        {r.result.split('').map((d, i) => (
                          <b key={i}>{d}</b>
                        ))}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </div>
        );
      })}
    </section>
  );
}
