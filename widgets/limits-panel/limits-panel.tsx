import './styles.css';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LimitsPanelProps } from '../../src/generated/widgets/limits-panel';
import { FormError, SubmitButton, TextField, useMessageText, type FieldMessage } from '../../src/components/form';
import { ApiFailure } from '../../src/lib/api/client';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { formatCountdown, formatMoney, secondsLeft } from '../../src/features/wallet';
import { formatRecordTime } from '../../src/features/records';
import { percentDone } from '../../src/domain/money';
import {
  cancelLimitChange,
  KIND_LABELS,
  limitOf,
  MONEY_PERIODS,
  parseLimitValue,
  PERIOD_LABELS,
  putLimit,
  useLimits,
  usedShare,
  useStoreLimits,
  waitsCoolingOff,
  type Limit,
  type LimitKind,
  type LimitPeriod,
  type Limits,
} from '../../src/features/protection';
import { href } from '../../src/lib/routes';

type Kind = LimitKind;
const DEFAULT_KINDS: readonly Kind[] = ['deposit', 'loss', 'wager', 'session'];

/** The clock, ticking each second while `active`; null until the page runs (no clock during render). */
function useNow(active: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function failureOf(error: unknown): FieldMessage {
  return error instanceof ApiFailure ? { key: error.messageKey } : { key: 'unknown_error' };
}

interface RowProps {
  limit: Limit;
  symbol: string;
  timeZone: string;
  now: number | null;
  onCancel(): Promise<void>;
}

function LimitRow({ limit, symbol, timeZone, now, onCancel }: RowProps) {
  const { t } = useTranslation();
  const session = limit.kind === 'session';
  const show = (n: number | null) => (n === null ? t('limits_none') : session ? t('limits_minutes', { minutes: n }) : formatMoney(symbol, n));
  const share = usedShare(limit);
  const pending = limit.pending;
  const countdown = pending && now !== null ? formatCountdown(secondsLeft(pending.effectiveAt, now)) : null;
  return (
    <li className="limits-row" data-testid="limit-row" data-kind={limit.kind} data-period={limit.period}>
      <div className="limits-row__head">
        <span className="limits-row__period">{t(PERIOD_LABELS[limit.period])}</span>
        <strong className="limits-row__value" data-testid="limit-value">
          {show(limit.value)}
        </strong>
      </div>
      {limit.value !== null && limit.remaining !== null ? (
        <>
          <div
            className="limits-row__bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={limit.value}
            aria-valuenow={Math.min(limit.used, limit.value)}
            aria-label={t(KIND_LABELS[limit.kind])}
          >
            <span className={`limits-row__fill${share >= 1 ? ' limits-row__fill--full' : ''}`} style={{ width: `${percentDone(Math.min(limit.used, limit.value), limit.value)}%` }} />
          </div>
          <p className="limits-row__remaining" data-testid="limit-remaining">
            {session ? t('limits_session_left', { minutes: limit.remaining }) : t('limits_remaining', { amount: formatMoney(symbol, limit.remaining), limit: formatMoney(symbol, limit.value) })}
          </p>
          {!session && limit.resetsAt ? <p className="limits-row__note">{t('limits_resets', { time: formatRecordTime(limit.resetsAt, timeZone) })}</p> : null}
        </>
      ) : null}
      {pending ? (
        <div className="limits-row__pending" data-testid="limit-pending">
          <p className="limits-row__pending-text">
            {pending.value === null
              ? t('limits_pending_remove', { countdown: countdown ?? formatRecordTime(pending.effectiveAt, timeZone) })
              : t('limits_pending', { value: show(pending.value), countdown: countdown ?? formatRecordTime(pending.effectiveAt, timeZone) })}
          </p>
          <p className="limits-row__note">{t('limits_pending_note')}</p>
          <form className="limits-row__cancel" method="post" noValidate>
            <SubmitButton className="button button--secondary" onSubmit={onCancel}>
              {t('limits_cancel')}
            </SubmitButton>
          </form>
        </div>
      ) : null}
    </li>
  );
}

interface FormProps {
  kinds: readonly Kind[];
  limits: Limits;
  symbol: string;
  onDone(limits: Limits, message: FieldMessage): void;
}

function LimitForm({ kinds, limits, symbol, onDone }: FormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [kind, setKind] = useState<Kind>(kinds[0] ?? 'deposit');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<FieldMessage | undefined>();
  const [formError, setFormError] = useState<FieldMessage | null>(null);
  const slotPeriod: LimitPeriod = kind === 'session' ? 'session' : period;
  const current = limitOf(limits.limits, kind, slotPeriod);
  const hours = limits.coolingOffHours;

  const send = (value: number | null) => {
    setFormError(null);
    return putLimit({ kind, period: slotPeriod, value }).then(
      (answer) => {
        setText('');
        const waits = waitsCoolingOff(current?.value ?? null, value);
        onDone(answer, waits ? { key: 'limits_saved_pending', params: { hours } } : { key: 'limits_saved_now' });
      },
      (err: unknown) => setFormError(failureOf(err)),
    );
  };
  const save = () => {
    const parsed = parseLimitValue(kind, text);
    if ('error' in parsed) {
      setFieldError({ key: parsed.error });
      return;
    }
    setFieldError(undefined);
    return send(parsed.value);
  };

  return (
    <form className="limits-form" method="post" noValidate aria-labelledby={`${id}-title`}>
      <h2 className="limits-form__title" id={`${id}-title`}>
        {t('limits_form_title')}
      </h2>
      <div className="limits-form__choices">
        <label className="limits-form__choice">
          <span>{t('limits_form_kind')}</span>
          <select className="limits-form__select" name="kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(KIND_LABELS[k])}
              </option>
            ))}
          </select>
        </label>
        {kind === 'session' ? null : (
          <label className="limits-form__choice">
            <span>{t('limits_form_period')}</span>
            <select className="limits-form__select" name="period" value={period} onChange={(e) => setPeriod(e.target.value as LimitPeriod)}>
              {MONEY_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(PERIOD_LABELS[p])}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <TextField
        label={kind === 'session' ? 'limits_form_minutes' : 'limits_form_amount'}
        labelText={kind === 'session' ? undefined : t('limits_form_amount', { symbol })}
        name="value"
        inputMode={kind === 'session' ? 'numeric' : 'decimal'}
        autoComplete="off"
        value={text}
        onValueChange={setText}
        error={fieldError}
      />
      <p className="limits-form__note" data-testid="limits-raise-note">
        {t('limits_raise_waits', { hours })}
      </p>
      {formError ? <FormError error={formError} /> : null}
      <SubmitButton className="button button--primary limits-form__save" onSubmit={save}>
        {t('limits_save')}
      </SubmitButton>
      {current?.value !== null && current?.value !== undefined && current.pending?.value !== null ? (
        <button type="button" className="button button--secondary limits-form__remove" onClick={() => void send(null)}>
          {t('limits_remove')}
        </button>
      ) : null}
    </form>
  );
}

function LimitsPanel({ kinds = DEFAULT_KINDS as LimitsPanelProps['kinds'], statementTo = href('statement') }: WidgetComponentProps<LimitsPanelProps>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
  const timeZone = tenantTimeZone(tenant);
  const signedIn = useRuntimeState((state) => state.session !== null);
  // Member data loads after hydration: the server paints the frame, the browser fills it in.
  const limits = useLimits(hydrated && signedIn ? scope : null);
  const store = useStoreLimits();
  const [message, setMessage] = useState<FieldMessage | null>(null);
  const [error, setError] = useState<FieldMessage | null>(null);
  const data = limits.data;
  const anyPending = Boolean(data?.limits.some((l) => l.pending !== null));
  const now = useNow(anyPending);
  const shown: readonly Kind[] = kinds ?? DEFAULT_KINDS;

  if (!hydrated || !signedIn) return <div className="limits-panel limits-panel--loading" aria-busy="true" />;
  if (limits.error && !data) {
    return (
      <div className="limits-panel limits-panel--failed">
        <FormError error={failureOf(limits.error)} />
        <button type="button" className="button button--secondary" onClick={() => void limits.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!data) return <div className="limits-panel limits-panel--loading" aria-busy="true" />;

  const done = (answer: Limits, said: FieldMessage) => {
    setError(null);
    setMessage(said);
    void store(answer);
  };
  const cancel = (limit: Limit) => () =>
    cancelLimitChange({ kind: limit.kind, period: limit.period }).then(
      (answer) => done(answer, { key: 'limits_cancelled' }),
      (err: unknown) => {
        setMessage(null);
        setError(failureOf(err));
      },
    );

  return (
    <div className="limits-panel">
      <p className="limits-panel__intro">{t('limits_intro')}</p>
      {message ? (
        <p className="limits-panel__message" role="status" data-testid="limits-message">
          {text(message)}
        </p>
      ) : null}
      {error ? <FormError error={error} /> : null}
      {shown.map((kind) => (
        <section className="limits-kind" key={kind} data-testid={`limits-${kind}`}>
          <h2 className="limits-kind__title">{t(KIND_LABELS[kind])}</h2>
          <ul className="limits-kind__list">
            {(kind === 'session' ? (['session'] as const) : MONEY_PERIODS).map((period) => {
              const limit = limitOf(data.limits, kind, period);
              return limit ? <LimitRow key={period} limit={limit} symbol={symbol} timeZone={timeZone} now={now} onCancel={cancel(limit)} /> : null;
            })}
          </ul>
        </section>
      ))}
      <LimitForm kinds={shown} limits={data} symbol={symbol} onDone={done} />
      <Link className="limits-panel__link" to={statementTo}>
        {t('limits_statement_link')}
      </Link>
    </div>
  );
}

export default LimitsPanel;
