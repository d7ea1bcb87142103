import './styles.css';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DepositFormProps } from '../../src/generated/widgets/deposit-form';
import { FormError, SubmitButton, TextField } from '../../src/components/form';
import { ApiFailure } from '../../src/lib/api/client';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeActions, useRuntimeState } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  checkDepositAmount,
  createDeposit,
  depositDetailPath,
  depositFailureMessage,
  formatMoney,
  newIdempotencyKey,
  parseAmount,
  previewDeposit,
  revalidateDeposits,
  useDepositChannels,
  type DepositChannel,
  type DepositMessage,
} from '../../src/features/wallet';

/** One attempt: the request it sends and its Idempotency-Key, kept for a retry of that same request. */
interface Attempt {
  request: string;
  key: string;
}

function ChannelOption({ channel, symbol, selected, onSelect }: { channel: DepositChannel; symbol: string; selected: boolean; onSelect(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" role="radio" aria-checked={selected} className="deposit-channel" onClick={onSelect} data-channel={channel.id}>
      <img className="deposit-channel__logo" src={channel.logoUrl} alt="" width={40} height={40} loading="lazy" />
      <span className="deposit-channel__body">
        <span className="deposit-channel__name">{channel.name}</span>
        <span className="deposit-channel__limits">
          {t('deposit_limits', { min: formatMoney(symbol, channel.min), max: formatMoney(symbol, channel.max) })}
        </span>
      </span>
      {channel.bonusPercent > 0 ? <span className="deposit-channel__badge">{t('deposit_bonus_percent', { percent: channel.bonusPercent })}</span> : null}
    </button>
  );
}

function Preview({ channel, symbol, amount }: { channel: DepositChannel; symbol: string; amount: number }) {
  const { t } = useTranslation();
  const p = previewDeposit(channel, amount);
  return (
    <dl className="deposit-preview" data-testid="deposit-preview" aria-live="polite">
      <div>
        <dt>{t('deposit_amount')}</dt>
        <dd data-testid="preview-amount">{formatMoney(symbol, p.amount)}</dd>
      </div>
      <div>
        <dt>{t('deposit_fee')}</dt>
        <dd data-testid="preview-fee">{formatMoney(symbol, p.fee)}</dd>
      </div>
      <div>
        <dt>{t('deposit_bonus')}</dt>
        <dd data-testid="preview-bonus">{formatMoney(symbol, p.bonus)}</dd>
      </div>
      <div className="deposit-preview__total">
        <dt>{t('deposit_you_receive')}</dt>
        <dd data-testid="preview-total">{formatMoney(symbol, p.total)}</dd>
      </div>
    </dl>
  );
}

function DepositForm({ quickAmounts = true, preview = true }: WidgetComponentProps<DepositFormProps>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  // Member data loads after hydration: the server paints the frame, the browser fills it in.
  const channels = useDepositChannels(hydrated ? scope : null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<DepositMessage | null>(null);
  const [formError, setFormError] = useState<DepositMessage | null>(null);
  const attempt = useRef<Attempt | null>(null);

  if (!hydrated) return <div className="deposit-form deposit-form--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="deposit-form deposit-form--visitor">
        <p>{t('deposit_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  if (channels.error && !channels.data) {
    return (
      <div className="deposit-form deposit-form--failed">
        <FormError error={depositFailureMessage(channels.error, '')} />
        <button type="button" className="button button--secondary" onClick={() => void channels.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!channels.data) return <div className="deposit-form deposit-form--loading" aria-busy="true" />;

  const { currencySymbol: symbol } = channels.data;
  const list = channels.data.channels;
  if (list.length === 0) {
    return (
      <div className="deposit-form deposit-form--empty">
        <p>{t('deposit_no_channels')}</p>
      </div>
    );
  }
  const channel = list.find((c) => c.id === chosen) ?? list[0];
  const amount = parseAmount(amountText);

  const choose = (id: string) => {
    setChosen(id);
    setFormError(null);
    // The limits differ by channel: an amount already typed is checked against the new ones.
    const next = list.find((c) => c.id === id);
    if (next && amountText !== '') setAmountError(checkDepositAmount(next, amountText, symbol));
  };

  const changeAmount = (value: string) => {
    setAmountText(value);
    setFormError(null);
    if (amountError) setAmountError(checkDepositAmount(channel, value, symbol));
  };

  const submit = () => {
    setFormError(null);
    const problem = checkDepositAmount(channel, amountText, symbol);
    setAmountError(problem);
    if (problem || amount === null) return;
    const body = { channelId: channel.id, amount };
    const signature = JSON.stringify(body);
    // A new request gets a new key; sending the same request again (after a failure that may hide
    // a deposit made) keeps its key, so the server answers the first deposit instead of a second.
    if (attempt.current?.request !== signature) attempt.current = { request: signature, key: newIdempotencyKey() };
    const key = attempt.current.key;
    return createDeposit(body, key).then(
      (deposit) => {
        attempt.current = null;
        void revalidateDeposits();
        void navigate(depositDetailPath(deposit.id));
      },
      (err: unknown) => {
        // The deposit was made but the payment service did not open its payment: its page says
        // so and offers to try again.
        const made = err instanceof ApiFailure && err.errorCode === 'payment.provider.unavailable' ? (err.value as { depositId?: unknown } | undefined)?.depositId : undefined;
        if (typeof made === 'number') {
          attempt.current = null;
          void revalidateDeposits();
          void navigate(depositDetailPath(made));
          return;
        }
        setFormError(depositFailureMessage(err, symbol));
      },
    );
  };

  return (
    <form className="deposit-form" method="post" noValidate>
      <fieldset className="deposit-form__channels">
        <legend className="deposit-form__legend">{t('deposit_choose_channel')}</legend>
        <div role="radiogroup" aria-label={t('deposit_choose_channel')} className="deposit-channels">
          {list.map((c) => (
            <ChannelOption key={c.id} channel={c} symbol={symbol} selected={c.id === channel.id} onSelect={() => choose(c.id)} />
          ))}
        </div>
      </fieldset>
      <TextField
        label="deposit_amount"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onValueChange={changeAmount}
        onBlur={() => amountText !== '' && setAmountError(checkDepositAmount(channel, amountText, symbol))}
        error={amountError}
        prefix={<span className="deposit-form__currency">{symbol}</span>}
        required
      />
      <p className="deposit-form__range">{t('deposit_limits', { min: formatMoney(symbol, channel.min), max: formatMoney(symbol, channel.max) })}</p>
      {quickAmounts && channel.quickAmounts.length > 0 ? (
        <div className="deposit-quick" role="group" aria-label={t('deposit_quick_amounts')}>
          {channel.quickAmounts.map((q) => (
            <button
              key={q}
              type="button"
              className="deposit-quick__amount"
              aria-pressed={amount === q}
              onClick={() => {
                setAmountText(String(q));
                setFormError(null);
                setAmountError(checkDepositAmount(channel, String(q), symbol));
              }}
            >
              {formatMoney(symbol, q)}
            </button>
          ))}
        </div>
      ) : null}
      {preview && amount !== null && !amountError ? <Preview channel={channel} symbol={symbol} amount={amount} /> : null}
      <FormError error={formError} />
      <SubmitButton className="button button--primary deposit-form__submit" onSubmit={submit}>
        {t('deposit_submit')}
      </SubmitButton>
    </form>
  );
}

export default DepositForm;
