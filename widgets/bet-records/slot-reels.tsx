import { useTranslation } from '../../src/lib/i18n';
import { useTenant } from '../../src/lib/runtime';
import { formatRecordMoney, SLOT_SYMBOL_KEYS, SLOT_SYMBOL_TEXT, isSlotSymbol, type SlotRound } from '../../src/features/records';

/**
 * A slot round as the player saw it when the reels stopped: three reels of three rows, the pay
 * line across the middle, the symbols that won marked, and each pay line won in words. Symbols
 * are drawn as in the game (7 and BAR as text, the bell and fruit as pictures) and named for
 * screen readers.
 */
export function SlotReels({ round }: { round: SlotRound }) {
  const { t } = useTranslation();
  const symbol = useTenant().settings.currency.symbol;
  const name = (s: string) => (isSlotSymbol(s) ? t(SLOT_SYMBOL_KEYS[s]) : s);
  return (
    <figure className="slot-reels">
      <table className="slot-reels__grid" aria-label={t('bet_reels_label')}>
        <tbody>
          {round.rows.map((row, r) => (
            <tr key={r} className={row[0]?.payline ? 'slot-reels__row slot-reels__row--payline' : 'slot-reels__row'}>
              {row.map((cell, c) => (
                <td key={c} className={cell.won ? 'slot-reels__cell slot-reels__cell--won' : 'slot-reels__cell'} data-symbol={cell.symbol} data-won={cell.won || undefined}>
                  <span className="slot-reels__symbol" aria-hidden="true">
                    {SLOT_SYMBOL_TEXT[cell.symbol]}
                  </span>
                  <span className="visually-hidden">{name(cell.symbol)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="slot-reels__caption">
        {round.paylines.length === 0 ? (
          <p className="slot-reels__line slot-reels__line--none">{t('bet_payline_none')}</p>
        ) : (
          round.paylines.map((line, i) => (
            <p key={i} className="slot-reels__line" data-symbol={line.symbol}>
              {t('bet_payline_won', { count: line.count, symbol: name(line.symbol), multiplier: line.multiplier, amount: formatRecordMoney(symbol, line.amount) })}
            </p>
          ))
        )}
      </figcaption>
    </figure>
  );
}
