import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from '../../src/lib/i18n';
import { Link } from 'react-router-dom';
import { animationClock } from '../../src/components/animation-clock';
import { useInView } from '../../src/components/use-in-view';
import { useRuntime } from '../../src/lib/runtime';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { useJackpot } from '../../src/features/games';
import { digitShift, initialJackpot, JACKPOT_MIN, jackpotChars, jackpotStep, liveJackpotValue, nextTickDelay, type LiveJackpot, type RandomSource } from './rules';

/** Schedules `fn` after `ms`; returns the cancel function (tests drive time themselves). */
export type Schedule = (fn: () => void, ms: number) => () => void;

/** Ticks run in the page's shared animation frame, and wait without costing frames. */
const clockSchedule: Schedule = (fn, ms) => animationClock().after(ms, fn);

/** 0 to 9 one per line, as one text node: ten lines of one element rather than ten elements a column. */
const STRIP = '0\n1\n2\n3\n4\n5\n6\n7\n8\n9';

/** The strip of 0-9 moves up by 0.48 spec-rem per unit; --jackpot-rem maps the spec's rem to ours. */
function stripTransform(digit: number): string {
  return `translateY(calc(${-digitShift(digit)} * var(--jackpot-rem)))`;
}

function DigitColumn({ digit }: { digit: number }) {
  const style = { transform: stripTransform(digit) } as CSSProperties;
  return (
    <span className="jackpot-counter__digit" data-digit={digit}>
      <span className="jackpot-counter__strip" style={style}>
        {STRIP}
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

/**
 * Where the counter's value comes from: `random` (spec section 9: a random start, random steps),
 * `pending` (the server's value is on its way: still, no ticks), or the server's jackpot, which the
 * counter follows at its rate.
 */
export type JackpotSource = 'random' | 'pending' | { amount: number; perSecond: number };

export interface JackpotViewProps {
  to: string;
  title: TranslationKey;
  /** Default `random`. */
  source?: JackpotSource;
  /** The clock of the live counter (tests pass their own). */
  now?: () => number;
  /** The value of the first render, the same on the server and in the browser (default: the range's lower bound). */
  start?: number;
  random?: RandomSource;
  schedule?: Schedule;
}

/**
 * The jackpot block: label, currency symbol and rolling digit columns; a tap opens the winners page.
 * The value lives outside React: a tick writes the few changed nodes instead of rendering the block.
 */
export default function JackpotView({
  to,
  title,
  source = 'random',
  now = Date.now,
  start = JACKPOT_MIN,
  random = Math.random,
  schedule = clockSchedule,
}: JackpotViewProps) {
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

  const live = useRef<LiveJackpot | null>(null);
  const mode = typeof source === 'string' ? source : 'live';
  const liveAmount = typeof source === 'string' ? null : source.amount;
  const livePerSecond = typeof source === 'string' ? 0 : source.perSecond;

  const show = useCallback(() => {
    const link = linkRef.current;
    if (link && !showJackpot(link, value.current, symbolRef.current)) setDrawn(value.current);
  }, []);

  // The start: random (spec), or the server's value, read after the first render (which stays the
  // same on the server and in the browser) and before the browser paints it. A later answer of the
  // server moves the counter on, never back.
  useLayoutEffect(() => {
    if (mode === 'random') value.current = initialJackpot(random);
    else if (liveAmount !== null) {
      const before = live.current ? value.current : 0;
      live.current = { amount: liveAmount, perSecond: livePerSecond, at: now() };
      value.current = Math.max(before, liveJackpotValue(live.current, now()));
    }
    show();
  }, [mode, liveAmount, livePerSecond, random, now, show]);

  // React writes the amount's nodes only when `drawn` or the symbol changes; the counter may be
  // further along by then.
  useLayoutEffect(() => {
    symbolRef.current = symbol;
    show();
  }, [drawn, symbol, show]);

  useEffect(() => {
    if (!inView || mode === 'pending') return;
    let cancel: () => void = () => undefined;
    const tick = () => {
      cancel = schedule(() => {
        value.current = live.current ? Math.max(value.current, liveJackpotValue(live.current, now())) : value.current + jackpotStep(random);
        show();
        tick();
      }, nextTickDelay(random));
    };
    tick();
    return () => cancel();
  }, [inView, mode, random, now, schedule, show]);

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

/**
 * The counter on the server's jackpot (GET /wps/game/jackpot): still until it answers, then from
 * its value at its rate; without a jackpot (or when the call fails) the spec's random counter.
 */
export function LiveJackpotView(props: Omit<JackpotViewProps, 'source'>) {
  const { data, error } = useJackpot();
  const source: JackpotSource = data ? { amount: data.amount, perSecond: data.perSecond } : error ? 'random' : 'pending';
  return <JackpotView {...props} source={source} />;
}
