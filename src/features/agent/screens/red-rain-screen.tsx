import './red-rain-screen.css';
import { useCallback, useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ApiFailure } from '../../../lib/api/client';
import { showToast } from '../../../lib/feedback';
import { useMemberScope, useSessionInfo, useTenant } from '../../../lib/runtime';
import { formatCountdown, secondsLeft, useRevalidateWallet } from '../../wallet';
import { catchEnvelope, newEnvelopeKey, useRedRain, useTeamCatches, type RainState } from '../api/red-rain';
import { useSecondClock } from '../../../components/use-clock';

/** Agents (spec section 6: every type but 0, 4 and 40) also see their team's catches. */
const AGENT_TYPES = { notIn: NON_AGENT_TYPES };
import { admitsMemberType } from '../../../lib/routes';
import { NON_AGENT_TYPES } from '../../../domain/member-types';
import { addAmounts, moneyText } from '../../../domain/money';

/** Envelopes falling at once. Each is a CSS keyframe animation: no script runs per frame. */
const ENVELOPES = 12;
/** Terminal answers: the rain is over for this member (or, for an account an agent opened, until its holder verifies a mobile number). */
const STOPPING = new Set(['redRain.exhausted', 'redRain.limit', 'redRain.closed', 'redRain.not.found', 'person.unverified']);

function subscribeVisibility(callback: () => void): () => void {
  document.addEventListener('visibilitychange', callback);
  return () => document.removeEventListener('visibilitychange', callback);
}

/** Whether the tab is hidden: the falling envelopes pause (the server's view: visible). */
function useTabHidden(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState === 'hidden', () => false);
}

/** Where envelope `i` falls from and how: spread across the width, staggered, at a few speeds. */
function envelopeStyle(i: number): CSSProperties {
  return {
    left: `${(i * 37) % 88}%`,
    animationDelay: `${((i * 0.47) % 3).toFixed(2)}s`,
    animationDuration: `${(3 + (i % 4) * 0.6).toFixed(1)}s`,
  };
}

interface Shower {
  windowId: number;
  caught: number;
  count: number;
}

function Rain({ state, onCaught }: { state: RainState & { current: NonNullable<RainState['current']> }; onCaught: () => void }) {
  const { t } = useTranslation();
  const symbol = useTenant().settings.currency.symbol;
  const hidden = useTabHidden();
  const revalidateWallet = useRevalidateWallet();
  const windowId = state.current.id;
  const [mine, setMine] = useState<Shower>({ windowId, caught: state.caught, count: state.caughtCount });
  // Each envelope's generation: a caught envelope comes back from the top as a new one (a new key).
  const [generations, setGenerations] = useState<number[]>(() => Array.from({ length: ENVELOPES }, () => 0));
  const [stopped, setStopped] = useState<string | null>(null);
  const [pops, setPops] = useState<{ id: number; amount: number; slot: number }[]>([]);

  const tap = useCallback(
    async (slot: number) => {
      setGenerations((g) => g.map((n, i) => (i === slot ? n + 1 : n)));
      try {
        const caught = await catchEnvelope(windowId, newEnvelopeKey());
        setMine((m) => ({ ...m, caught: addAmounts(m.caught, caught.amount), count: caught.caughtCount }));
        setPops((p) => [...p.slice(-4), { id: caught.id, amount: caught.amount, slot }]);
        void revalidateWallet();
      } catch (err) {
        if (err instanceof ApiFailure && STOPPING.has(err.errorCode)) {
          setStopped(err.messageKey);
          onCaught();
        } else if (err instanceof ApiFailure) void showToast(err.messageKey);
      }
    },
    [windowId, revalidateWallet, onCaught],
  );

  return (
    <section className={`red-rain__field${hidden ? ' red-rain__field--paused' : ''}`} data-testid="rain-field">
      <p className="red-rain__mine" data-testid="rain-mine" data-count={mine.count}>
        {t('red_rain_mine', { amount: moneyText(symbol, mine.caught), count: mine.count })}
      </p>
      {stopped ? (
        <p className="red-rain__stopped" role="status" data-testid="rain-stopped">
          {t(stopped as Parameters<typeof t>[0])}
        </p>
      ) : (
        <>
          <p className="red-rain__hint">{t('red_rain_tap')}</p>
          {generations.map((gen, i) => (
            <button
              key={`${i}-${gen}`}
              type="button"
              className="red-rain__envelope"
              style={envelopeStyle(i)}
              aria-label={t('red_rain_envelope')}
              data-testid="rain-envelope"
              onClick={() => void tap(i)}
            />
          ))}
        </>
      )}
      {pops.map((p) => (
        <span key={p.id} className="red-rain__pop" style={{ left: `${(p.slot * 37) % 88}%` }} data-testid="rain-pop">
          {t('red_rain_caught', { amount: moneyText(symbol, p.amount) })}
        </span>
      ))}
    </section>
  );
}

function Countdown({ state, now }: { state: RainState; now: number }) {
  const { t } = useTranslation();
  if (!state.next) return <p className="red-rain__none" data-testid="rain-none">{t('red_rain_none')}</p>;
  return (
    <p className="red-rain__next" data-testid="rain-next">
      {t('red_rain_next_in', { time: formatCountdown(secondsLeft(state.next.startsAt, now)) })}
    </p>
  );
}

/** The agent's section: the team's catches of the last 30 days. */
function TeamCatches({ scope }: { scope: string | null }) {
  const { t } = useTranslation();
  const symbol = useTenant().settings.currency.symbol;
  const { data } = useTeamCatches(scope);
  if (!data) return null;
  return (
    <section className="red-rain__team" data-testid="rain-team">
      <h2 className="red-rain__team-title">{t('red_rain_team')}</h2>
      <p className="red-rain__team-total" data-testid="rain-team-total">
        {t('red_rain_team_total', { count: data.count, amount: moneyText(symbol, data.total) })}
      </p>
      <ul className="red-rain__team-list">
        {data.list.map((c) => (
          <li key={c.id} className="red-rain__team-row">
            <span>{c.userName}</span>
            <span>{moneyText(symbol, c.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Red-envelope rain (/m/redRain): during a window, envelopes fall (CSS keyframes, paused while the
 * tab is hidden) and each tap catches one, its amount drawn by the server; outside a window, the
 * countdown to the next. Agents also see their team's catches.
 */
export default function RedRainScreen() {
  const scope = useMemberScope();
  const session = useSessionInfo();
  const { data, mutate } = useRedRain(scope);
  const now = useSecondClock();
  const refresh = useCallback(() => void mutate(), [mutate]);
  const open = data?.current && now !== null && now >= Date.parse(data.current.startsAt) && now < Date.parse(data.current.endsAt);
  // A window opening or closing while the page is open: read the state again.
  const due = Boolean(data && now !== null && ((data.current && !open && now >= Date.parse(data.current.endsAt)) || (data.next && now >= Date.parse(data.next.startsAt))));
  useEffect(() => {
    if (due) refresh();
  }, [due, refresh]);
  const agent = session !== null && admitsMemberType(AGENT_TYPES, session.type);

  return (
    <main className="screen screen--redRain red-rain">
      {data && now !== null ? (
        open ? (
          <>
            <Rain key={data.current!.id} state={data as RainState & { current: NonNullable<RainState['current']> }} onCaught={refresh} />
            <EndsIn endsAt={data.current!.endsAt} now={now} />
          </>
        ) : (
          <Countdown state={data} now={now} />
        )
      ) : (
        <p className="red-rain__next" aria-hidden="true">
          {'\u00a0'}
        </p>
      )}
      {agent ? <TeamCatches scope={scope} /> : null}
    </main>
  );
}

function EndsIn({ endsAt, now }: { endsAt: string; now: number }) {
  const { t } = useTranslation();
  return <p className="red-rain__ends">{t('red_rain_ends_in', { time: formatCountdown(secondsLeft(endsAt, now)) })}</p>;
}
