import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRuntime } from '../../src/lib/runtime';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { digitShift, initialJackpot, jackpotChars, jackpotStep, nextTickDelay, type RandomSource } from './rules';

/** Schedules `fn` after `ms`; returns the cancel function (tests drive time themselves). */
export type Schedule = (fn: () => void, ms: number) => () => void;

const realSchedule: Schedule = (fn, ms) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * The ticking value: a random start, then a random step after a random 3, 4 or 5 s, again and
 * again while mounted.
 */
export function useJackpotValue(random: RandomSource = Math.random, schedule: Schedule = realSchedule): number {
  const [value, setValue] = useState(() => initialJackpot(random));
  useEffect(() => {
    let cancel: () => void = () => undefined;
    const tick = () => {
      cancel = schedule(() => {
        // Draw outside the updater: an updater must be pure.
        const step = jackpotStep(random);
        setValue((v) => v + step);
        tick();
      }, nextTickDelay(random));
    };
    tick();
    return () => cancel();
  }, [random, schedule]);
  return value;
}

function DigitColumn({ digit }: { digit: number }) {
  // The strip of 0-9 moves up by 0.48 spec-rem per unit; --jackpot-rem maps the spec's rem to ours.
  const style = { transform: `translateY(calc(${-digitShift(digit)} * var(--jackpot-rem)))` } as CSSProperties;
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

export interface JackpotViewProps {
  to: string;
  title: TranslationKey;
  random?: RandomSource;
  schedule?: Schedule;
}

/** The jackpot block: label, currency symbol and rolling digit columns; a tap opens the winners page. */
export default function JackpotView({ to, title, random, schedule }: JackpotViewProps) {
  const { t } = useTranslation();
  const { tenant, startup } = useRuntime();
  const value = useJackpotValue(random, schedule);
  const currency = startup.info?.currency as { symbol?: string } | undefined;
  const symbol = currency?.symbol ?? tenant.settings.currency.symbol;
  const chars = jackpotChars(value);
  const spoken = symbol + chars.join('');
  return (
    <Link to={to} className="jackpot-counter" data-value={value}>
      <span className="jackpot-counter__title">{t(title)}</span>
      <span className="jackpot-counter__amount">
        <span className="visually-hidden">{spoken}</span>
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
