import './styles.css';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { WithdrawFormProps } from '../../src/generated/widgets/withdraw-form';
import { AmountField, FormError, PasswordField, SubmitButton } from '../../src/components/form';
import { addAmounts } from '../../src/domain/money';
import { ApiFailure } from '../../src/lib/api/client';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  checkPaymentPassword,
  checkWithdrawAmount,
  createWithdrawal,
  formatMoney,
  newWithdrawalKey,
  parseAmount,
  previewWithdrawal,
  useRevalidateWallet,
  useRevalidateWithdrawals,
  useWithdrawalEligibility,
  withdrawalFailureMessage,
  WITHDRAW_REPORT_PATH,
  WITHDRAWAL_STATE_KEYS,
  type MaskedPayoutAccount,
  type Withdrawal,
  type WithdrawalEligibility,
  type WithdrawMessage,
} from '../../src/features/wallet';

/** One attempt: the request it sends (without the password) and its Idempotency-Key, kept for a retry of that same request. */
interface Attempt {
  request: string;
  key: string;
}

function AccountOption({ account, selected, onSelect }: { account: MaskedPayoutAccount; selected: boolean; onSelect(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" role="radio" aria-checked={selected} className="withdraw-account" onClick={onSelect} data-account={account.id}>
      {t('withdraw_account_option', { provider: account.providerName, accountNo: account.accountNo, holder: account.holderName })}
    </button>
  );
}

function Summary({ eligibility, symbol }: { eligibility: WithdrawalEligibility; symbol: string }) {
  const { t } = useTranslation();
  const { limits } = eligibility;
  return (
    <div className="withdraw-summary">
      <dl className="withdraw-summary__money">
        <div>
          <dt>{t('withdraw_balance')}</dt>
          <dd data-testid="withdraw-balance">{formatMoney(symbol, eligibility.balance)}</dd>
        </div>
        <div>
          <dt>{t('withdraw_withdrawable')}</dt>
          <dd data-testid="withdraw-withdrawable">{formatMoney(symbol, eligibility.withdrawable)}</dd>
        </div>
      </dl>
      <ul className="withdraw-summary__rules">
        <li data-testid="withdraw-limits">{t('withdraw_limits', { min: formatMoney(symbol, limits.min), max: formatMoney(symbol, limits.max) })}</li>
        <li data-testid="withdraw-fee-rule">{t('withdraw_fee_rule', { percent: limits.feePercent, fixed: formatMoney(symbol, limits.feeFixed) })}</li>
        <li data-testid="withdraw-daily">{t('withdraw_daily', { used: limits.dailyUsed, allowed: limits.dailyCount })}</li>
      </ul>
    </div>
  );
}

function Preview({ eligibility, symbol, amount }: { eligibility: WithdrawalEligibility; symbol: string; amount: number }) {
  const { t } = useTranslation();
  const p = previewWithdrawal(eligibility.limits, amount);
  return (
    <dl className="withdraw-preview" data-testid="withdraw-preview" aria-live="polite">
      <div>
        <dt>{t('withdraw_fee')}</dt>
        <dd data-testid="preview-fee">{formatMoney(symbol, p.fee)}</dd>
      </div>
      <div>
        <dt>{t('withdraw_deducted')}</dt>
        <dd data-testid="preview-deducted">{formatMoney(symbol, p.deducted)}</dd>
      </div>
      <div className="withdraw-preview__total">
        <dt>{t('withdraw_you_receive')}</dt>
        <dd data-testid="preview-received">{formatMoney(symbol, p.received)}</dd>
      </div>
    </dl>
  );
}

function Confirmation({ withdrawal, symbol, onDone }: { withdrawal: Withdrawal; symbol: string; onDone(): void }) {
  const { t } = useTranslation();
  const held = addAmounts(withdrawal.amount, withdrawal.fee);
  const account = withdrawal.payoutAccount;
  return (
    <section className="withdraw-form withdraw-form--done" role="status" data-testid="withdraw-done">
      <h2 className="withdraw-form__title">{t('withdraw_done_title')}</h2>
      <p className="withdraw-form__held">
        {t('withdraw_done_held', { held: formatMoney(symbol, held), amount: formatMoney(symbol, withdrawal.amount), fee: formatMoney(symbol, withdrawal.fee) })}
      </p>
      <dl className="withdraw-preview">
        <div>
          <dt>{t('withdraw_account')}</dt>
          <dd>{t('withdraw_account_option', { provider: account.providerName, accountNo: account.accountNo, holder: account.holderName })}</dd>
        </div>
        <div>
          <dt>{t('withdraw_status')}</dt>
          <dd data-testid="withdraw-state" data-state={withdrawal.state}>
            {t(WITHDRAWAL_STATE_KEYS[withdrawal.state])}
          </dd>
        </div>
      </dl>
      <Link className="button button--secondary withdraw-form__records" to={WITHDRAW_REPORT_PATH}>
        {t('withdraw_action_records')}
      </Link>
      <button type="button" className="button button--primary withdraw-form__submit" onClick={onDone}>
        {t('withdraw_again')}
      </button>
    </section>
  );
}

function WithdrawForm({ allButton = true }: WidgetComponentProps<WithdrawFormProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const symbol = useTenant().settings.currency.symbol;
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  // Member data loads after hydration: the server paints the frame, the browser fills it in.
  const eligibility = useWithdrawalEligibility(hydrated ? scope : null);
  const revalidateWallet = useRevalidateWallet();
  const revalidateWithdrawals = useRevalidateWithdrawals();
  const [chosen, setChosen] = useState<number | null>(null);
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<WithdrawMessage | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<WithdrawMessage | null>(null);
  const [formError, setFormError] = useState<WithdrawMessage | null>(null);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const attempt = useRef<Attempt | null>(null);

  if (!hydrated) return <div className="withdraw-form withdraw-form--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="withdraw-form withdraw-form--visitor">
        <p>{t('withdraw_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  if (eligibility.error && !eligibility.data) {
    return (
      <div className="withdraw-form withdraw-form--failed">
        <FormError error={withdrawalFailureMessage(eligibility.error)} />
        <button type="button" className="button button--secondary" onClick={() => void eligibility.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!eligibility.data) return <div className="withdraw-form withdraw-form--loading" aria-busy="true" />;
  if (done) return <Confirmation withdrawal={done} symbol={symbol} onDone={() => setDone(null)} />;

  const data = eligibility.data;
  const accounts = data.payoutAccounts;
  const account = accounts.find((a) => a.id === chosen) ?? accounts[0];
  const amount = parseAmount(amountText);

  const changeAmount = (value: string) => {
    setAmountText(value);
    setFormError(null);
    if (amountError) setAmountError(checkWithdrawAmount(data, value, symbol));
  };

  const changePassword = (value: string) => {
    // A payment password is digits only: anything else typed is dropped.
    const digits = value.replace(/[^0-9]/g, '');
    setPassword(digits);
    setFormError(null);
    if (passwordError) setPasswordError(checkPaymentPassword(digits));
  };

  const submit = () => {
    setFormError(null);
    const amountProblem = checkWithdrawAmount(data, amountText, symbol);
    const passwordProblem = checkPaymentPassword(password);
    setAmountError(amountProblem);
    setPasswordError(passwordProblem);
    if (amountProblem || passwordProblem || amount === null || !account) return;
    const body = { payoutAccountId: account.id, amount, paymentPassword: password };
    // The server keys the request by account and amount (the password is left out of its hash).
    // A new request gets a new key; the same request sent again (after a failure that may hide a
    // withdrawal made) keeps its key, so the server answers the first one instead of holding twice.
    const signature = JSON.stringify({ payoutAccountId: body.payoutAccountId, amount: body.amount });
    if (attempt.current?.request !== signature) attempt.current = { request: signature, key: newWithdrawalKey() };
    return createWithdrawal(body, attempt.current.key).then(
      (withdrawal) => {
        attempt.current = null;
        setAmountText('');
        setPassword('');
        setDone(withdrawal);
        void revalidateWallet();
        void revalidateWithdrawals();
      },
      (err: unknown) => {
        setFormError(withdrawalFailureMessage(err));
        // A wrong password is typed again; after anything else (a network failure) the same request can be sent as it is.
        if (err instanceof ApiFailure && err.errorCode.startsWith('payment.password')) setPassword('');
        // A refusal names the reasons as they are now: the numbers and the panel are read again.
        void revalidateWithdrawals();
      },
    );
  };

  const blocked = !data.allowed || !account;
  return (
    <form className="withdraw-form" method="post" noValidate>
      <Summary eligibility={data} symbol={symbol} />
      <fieldset className="withdraw-form__accounts">
        <legend className="withdraw-form__legend">{t('withdraw_account')}</legend>
        {accounts.length === 0 ? (
          <p className="withdraw-form__note">{t('withdraw_no_accounts')}</p>
        ) : (
          <div role="radiogroup" aria-label={t('withdraw_account')} className="withdraw-accounts">
            {accounts.map((a) => (
              <AccountOption
                key={a.id}
                account={a}
                selected={a.id === account?.id}
                onSelect={() => {
                  setChosen(a.id);
                  setFormError(null);
                }}
              />
            ))}
          </div>
        )}
      </fieldset>
      <AmountField
        label="withdraw_amount"
        name="amount"
        symbol={symbol}
        value={amountText}
        onValueChange={changeAmount}
        onBlur={() => amountText !== '' && setAmountError(checkWithdrawAmount(data, amountText, symbol))}
        error={amountError}
        all={
          allButton
            ? {
                label: 'withdraw_all',
                max: data.withdrawable,
                onPick: (all) => {
                  setAmountText(all);
                  setFormError(null);
                  setAmountError(checkWithdrawAmount(data, all, symbol));
                },
              }
            : undefined
        }
        required
      />
      {amount !== null ? <Preview eligibility={data} symbol={symbol} amount={amount} /> : null}
      <PasswordField
        label="withdraw_payment_password"
        name="paymentPassword"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={password}
        onValueChange={changePassword}
        error={passwordError}
        required
      />
      {blocked ? <p className="withdraw-form__note withdraw-form__blocked">{t('withdraw_blocked_hint')}</p> : null}
      <FormError error={formError} />
      <SubmitButton className="button button--primary withdraw-form__submit" onSubmit={submit} disabled={blocked}>
        {t('withdraw_submit')}
      </SubmitButton>
    </form>
  );
}

export default WithdrawForm;
