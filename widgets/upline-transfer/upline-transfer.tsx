import './styles.css';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { UplineTransferProps } from '../../src/generated/widgets/upline-transfer';
import { AmountField, FormError, PasswordField, SubmitButton, useMessageText } from '../../src/components/form';
import { ApiFailure } from '../../src/lib/api/client';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useRevalidateWallet } from '../../src/features/wallet';
import {
  ACCOUNT_RECORD_PATH,
  checkTransferAmount,
  checkTransferPassword,
  createUplineTransfer,
  formatRecordMoney,
  newTransferKey,
  parseTransferAmount,
  transferFailureMessage,
  transferOwesTurnover,
  transferReasonAction,
  transferReasonMessage,
  useRevalidateUplineTransfer,
  useUplineTransfer,
  type RecordsMessage,
  type UplineTransfer as TransferState,
  type UplineTransferResult,
} from '../../src/features/records';
import { href } from '../../src/lib/routes';

/** One attempt: the request it sends (without the password) and its Idempotency-Key, kept for a retry of that same request. */
interface Attempt {
  request: string;
  key: string;
}

function Summary({ state, symbol }: { state: TransferState; symbol: string }) {
  const { t } = useTranslation();
  return (
    <div className="upline-transfer__summary">
      <dl className="upline-transfer__money">
        <div>
          <dt>{t('transfer_upline')}</dt>
          <dd data-testid="transfer-upline">{state.upline?.username ?? '-'}</dd>
        </div>
        <div>
          <dt>{t('transfer_balance')}</dt>
          <dd data-testid="transfer-balance">{formatRecordMoney(symbol, state.balance)}</dd>
        </div>
        <div>
          <dt>{t('transfer_transferable')}</dt>
          <dd data-testid="transfer-transferable">{formatRecordMoney(symbol, state.transferable)}</dd>
        </div>
      </dl>
      <p className="upline-transfer__note" data-testid="transfer-limits">
        {t('transfer_limits', {
          min: formatRecordMoney(symbol, state.min),
          max: formatRecordMoney(symbol, state.max),
        })}
      </p>
    </div>
  );
}

function Reasons({ state, symbol, gamesTo }: { state: TransferState; symbol: string; gamesTo?: string }) {
  const { t } = useTranslation();
  const text = useMessageText();
  if (state.reasons.length === 0) return null;
  return (
    <section className="upline-transfer__reasons" aria-labelledby="upline-transfer-reasons">
      <h2 className="upline-transfer__reasons-title" id="upline-transfer-reasons">
        {t('transfer_blocked_title')}
      </h2>
      <ul>
        {state.reasons.map((reason) => {
          const action = transferReasonAction(reason, gamesTo);
          return (
            <li key={reason.code} data-code={reason.code}>
              <span>{text(transferReasonMessage(reason, symbol))}</span>
              {action ? (
                <Link className="upline-transfer__action-link" to={action.to}>
                  {t(action.label)}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Sent({ result, symbol, recordTo, onDone }: { result: UplineTransferResult; symbol: string; recordTo: string; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <section className="upline-transfer upline-transfer--done" role="status" data-testid="transfer-done">
      <h2 className="upline-transfer__title">{t('transfer_done_title')}</h2>
      <p className="upline-transfer__note">
        {t('transfer_done_amount', {
          amount: formatRecordMoney(symbol, result.amount),
          upline: result.upline.username,
        })}
      </p>
      <dl className="upline-transfer__money">
        <div>
          <dt>{t('transfer_done_balance')}</dt>
          <dd data-testid="transfer-new-balance">{formatRecordMoney(symbol, result.balance)}</dd>
        </div>
      </dl>
      <Link className="button button--secondary upline-transfer__submit" to={recordTo}>
        {t('account_record_link')}
      </Link>
      <button type="button" className="button button--primary upline-transfer__submit" onClick={onDone}>
        {t('transfer_again')}
      </button>
    </section>
  );
}

function UplineTransfer({ allButton = true, recordTo = ACCOUNT_RECORD_PATH, gamesTo = href('gameList') }: WidgetComponentProps<UplineTransferProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const symbol = useTenant().settings.currency.symbol;
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  const transfer = useUplineTransfer(hydrated && signedIn ? scope : null);
  const revalidateWallet = useRevalidateWallet();
  const revalidateTransfer = useRevalidateUplineTransfer();
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<RecordsMessage | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<RecordsMessage | null>(null);
  const [formError, setFormError] = useState<RecordsMessage | null>(null);
  const [sent, setSent] = useState<UplineTransferResult | null>(null);
  const attempt = useRef<Attempt | null>(null);

  if (!hydrated) return <div className="upline-transfer upline-transfer--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="upline-transfer upline-transfer--visitor">
        <p>{t('transfer_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  if (sent) return <Sent result={sent} symbol={symbol} recordTo={recordTo} onDone={() => setSent(null)} />;
  if (transfer.error && !transfer.data) {
    return (
      <div className="upline-transfer upline-transfer--failed">
        <FormError error={transferFailureMessage(transfer.error, symbol)} />
        <button type="button" className="button button--secondary" onClick={() => void transfer.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const data = transfer.data;
  if (!data) return <div className="upline-transfer upline-transfer--loading" aria-busy="true" />;

  const changeAmount = (value: string) => {
    setAmountText(value);
    setFormError(null);
    if (amountError) setAmountError(checkTransferAmount(data, value, symbol));
  };
  const changePassword = (value: string) => {
    // A payment password is digits only: anything else typed is dropped.
    const digits = value.replace(/[^0-9]/g, '');
    setPassword(digits);
    setFormError(null);
    if (passwordError) setPasswordError(checkTransferPassword(digits));
  };

  const submit = () => {
    setFormError(null);
    const amountProblem = checkTransferAmount(data, amountText, symbol);
    const passwordProblem = checkTransferPassword(password);
    setAmountError(amountProblem);
    setPasswordError(passwordProblem);
    const amount = parseTransferAmount(amountText);
    if (amountProblem || passwordProblem || amount === null) return;
    // The server keys the request by its amount (the password is left out of its hash): the same
    // request sent again after a failure keeps its key, so the server answers the first transfer.
    const signature = JSON.stringify({ amount });
    if (attempt.current?.request !== signature) attempt.current = { request: signature, key: newTransferKey() };
    return createUplineTransfer({ amount, paymentPassword: password }, attempt.current.key).then(
      (result) => {
        attempt.current = null;
        setAmountText('');
        setPassword('');
        setSent(result);
        void revalidateWallet();
        void revalidateTransfer();
      },
      (err: unknown) => {
        setFormError(transferFailureMessage(err, symbol));
        if (err instanceof ApiFailure && err.errorCode.startsWith('payment.password')) setPassword('');
        void revalidateTransfer();
      },
    );
  };

  // Owed wagering blocks every amount: the form is shown disabled under its reason and numbers.
  const owesTurnover = transferOwesTurnover(data);
  return (
    <form className="upline-transfer" method="post" noValidate>
      <Summary state={data} symbol={symbol} />
      <Reasons state={data} symbol={symbol} gamesTo={gamesTo} />
      <fieldset className="upline-transfer__fields" disabled={owesTurnover} data-testid="transfer-fields">
        <AmountField
          label="transfer_amount"
          name="amount"
          symbol={symbol}
          value={amountText}
          onValueChange={changeAmount}
          onBlur={() => amountText !== '' && setAmountError(checkTransferAmount(data, amountText, symbol))}
          error={amountError}
          all={
            allButton
              ? {
                  label: 'transfer_all',
                  max: data.transferable,
                  onPick: (all) => {
                    setAmountText(all);
                    setFormError(null);
                    setAmountError(checkTransferAmount(data, all, symbol));
                  },
                }
              : undefined
          }
          required
        />
        <PasswordField
          label="transfer_payment_password"
          name="paymentPassword"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={password}
          onValueChange={changePassword}
          error={passwordError}
          required
        />
      </fieldset>
      <FormError error={formError} />
      <SubmitButton className="button button--primary upline-transfer__submit" onSubmit={submit} disabled={!data.allowed}>
        {t('transfer_submit')}
      </SubmitButton>
    </form>
  );
}

export default UplineTransfer;
