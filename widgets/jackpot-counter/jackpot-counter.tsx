import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { Link } from 'react-router-dom';
import { animationClock } from '../../src/components/animation-clock';
import { useInView } from '../../src/components/use-in-view';
import { useRuntime } from '../../src/lib/runtime';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { digitShift, initialJackpot, JACKPOT_MIN, jackpotChars, jackpotStep, nextTickDelay, type RandomSource } from './rules';

/** Schedules `fn` after `ms`; returns the cancel function (tests drive time themselves). */
export type Schedule = (fn: () => void, ms: number) => () => void;

/** Ticks run in the page's shared animation frame, and wait without costing frames. */
const clockSchedule: Schedule = (fn, ms) => animationClock().after(ms, fn);

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** The strip of 0-9 moves up by 0.48 spec-rem per unit; --jackpot-rem maps the spec's rem to ours. */
function stripTransform(digit: number): string {
  return `translateY(calc(${-digitShift(digit)} * var(--jackpot-rem)))`;
}

function DigitColumn({ digit }: { digit: number }) {
  const style = { transform: stripTransform(digit) } as CSSProperties;
  return (
    <span className="jackpot-counter__digit" data-digit={digit}>
      <span className="jackpot-counter__strip" style={style}>
        {DIGITS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </span>
    </span>
  );
}

/**
 * Writes `value` into a drawn counter: its data-value, the spoken amount, and the strips of the
 * digits that changed (their CSS transition rolls them). False when the value has more or fewer
 * digits than the columns drawn, which only a render can change.
 */
export function showJackpot(link: HTMLElement, value: number, symbol: string): boolean {
  const chars = jackpotChars(value);
  const digits = chars.filter((c) => c !== ',');
  const columns = link.querySelectorAll<HTMLElement>('.jackpot-counter__digit');
  if (columns.length !== digits.length) return false;
  link.dataset.value = String(value);
  const spoken = link.querySelector('.visually-hidden');
  if (spoken) spoken.textContent = symbol + chars.join('');
  digits.forEach((digit, i) => {
    const column = columns[i];
    if (column.dataset.digit === digit) return;
    column.dataset.digit = digit;
    const strip = column.firstElementChild as HTMLElement | null;
    if (strip) strip.style.transform = stripTransform(Number(digit));
  });
  return true;
}

export interface JackpotViewProps {
  to: string;
  title: TranslationKey;
  /** The value of the first render, the same on the server and in the browser (default: the range's lower bound). */
  start?: number;
  random?: RandomSource;
  schedule?: Schedule;
}

/**
 * The jackpot block: label, currency symbol and rolling digit columns; a tap opens the winners page.
 * The value lives outside React: a tick writes the few changed nodes instead of rendering the block.
 */
export default function JackpotView({ to, title, start = JACKPOT_MIN, random = Math.random, schedule = clockSchedule }: JackpotViewProps) {
  const { t } = useTranslation();
  const { tenant, startup } = useRuntime();
  const currency = startup.info?.currency as { symbol?: string } | undefined;
  const symbol = currency?.symbol ?? tenant.settings.currency.symbol;
  const linkRef = useRef<HTMLAnchorElement>(null);
  const inView = useInView(linkRef);
  /** The value React draws the columns for; it follows the counter only when the digit count changes. */
  const [drawn, setDrawn] = useState(start);
  const value = useRef(start);
  const symbolRef = useRef(symbol);

  // Spec: the counter starts at a random value. Drawn after the first render, which stays the same
  // on the server and in the browser, and before the browser paints it.
  useLayoutEffect(() => {
    value.current = initialJackpot(random);
  }, [random]);

  // React writes the amount's nodes only when `drawn` or the symbol changes; the counter may be
  // further along by then.
  useLayoutEffect(() => {
    symbolRef.current = symbol;
    const link = linkRef.current;
    if (link && !showJackpot(link, value.current, symbol)) setDrawn(value.current);
  }, [drawn, symbol]);

  useEffect(() => {
    if (!inView) return;
    let cancel: () => void = () => undefined;
    const tick = () => {
      cancel = schedule(() => {
        value.current += jackpotStep(random);
        const link = linkRef.current;
        if (link && !showJackpot(link, value.current, symbolRef.current)) setDrawn(value.current);
        tick();
      }, nextTickDelay(random));
    };
    tick();
    return () => cancel();
  }, [inView, random, schedule]);

  const chars = jackpotChars(drawn);
  return (
    <Link ref={linkRef} to={to} className="jackpot-counter" data-value={drawn}>
      <span className="jackpot-counter__title">{t(title)}</span>
      <span className="jackpot-counter__amount">
        <span className="visually-hidden">{symbol + chars.join('')}</span>
        <span className="jackpot-counter__symbol" aria-hidden="true">
          {symbol}
        </span>
        <span className="jackpot-counter__digits" aria-hidden="true">
          {chars.map((c, i) =>
            c === ',' ? (
              <span key={i} className="jackpot-counter__sep">
                {c}
              </span>
            ) : (
              <DigitColumn key={i} digit={Number(c)} />
            ),
          )}
        </span>
      </span>
    </Link>
  );
}
