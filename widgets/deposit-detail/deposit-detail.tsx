import './styles.css';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { DepositDetailProps } from '../../src/generated/widgets/deposit-detail';
import { FilePicker } from '../../src/components/file-picker';
import { FormError, SubmitButton, TextField, useMessageText } from '../../src/components/form';
import { confirmDialog, showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeActions } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  cancelDeposit,
  checkReceipt,
  checkReference,
  DEPOSIT_PATH,
  DEPOSIT_STATE_KEYS,
  depositFailureMessage,
  depositIdOf,
  formatCountdown,
  formatMoney,
  PENDING_POLL_DELAYS_MS,
  RECEIPT_ACCEPT,
  reopenDepositPayment,
  revalidateDeposits,
  secondsLeft,
  sendDepositReference,
  uploadDepositReceipt,
  useDeposit,
  useDepositChannels,
  useRevalidateWallet,
  type Deposit,
  type DepositMessage,
} from '../../src/features/wallet';
import { copyText } from '../../src/lib/browser-actions';

type Layout = 'base' | 'new';

/** The provider's page: an http(s) address on the provider's origin (nothing a link could run). */
const isPaymentUrl = (url: string): boolean => /^https?:\/\/[^/]/.test(url);

/** Seconds until `expiresAt`, ticking each second; null until the page runs (no clock during render). */
function useCountdown(expiresAt: string | undefined, active: boolean): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!expiresAt || !active) return;
    const tick = () => setLeft(secondsLeft(expiresAt, Date.now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, active]);
  return left;
}

function CopyRow({ label, value, copyValue }: { label: string; value: string; copyValue?: string }) {
  const { t } = useTranslation();
  // The clipboard is written in the tap's own handler: browsers allow it only on a user gesture.
  const copy = () => {
    void copyText(copyValue ?? value).then((ok) => showToast(ok ? 'copied' : 'deposit_copy_failed'));
  };
  return (
    <div className="deposit-row">
      <dt>{label}</dt>
      <dd>
        <span className="deposit-row__value">{value}</span>
        <button type="button" className="deposit-row__copy" onClick={copy} aria-label={t('deposit_copy_label', { label })}>
          {t('copy')}
        </button>
      </dd>
    </div>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="deposit-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function Countdown({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  if (seconds === null) return null;
  return (
    <p className="deposit-countdown" data-testid="deposit-countdown" role="timer">
      {seconds > 0 ? t('deposit_expires_in', { time: formatCountdown(seconds) }) : t('deposit_state_expired')}
    </p>
  );
}

/** manual, pending and not yet sent: the reference number and an optional receipt image. */
function TransferForm({ deposit, symbol, onChanged }: { deposit: Deposit; symbol: string; onChanged(d: Deposit): void }) {
  const { t } = useTranslation();
  const [reference, setReference] = useState(deposit.reference ?? '');
  const [referenceError, setReferenceError] = useState<DepositMessage | null>(null);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<DepositMessage | null>(null);
  const [formError, setFormError] = useState<DepositMessage | null>(null);
  const text = useMessageText();

  const pick = (file: File | null) => {
    setFormError(null);
    if (!file) {
      setReceipt(null);
      setReceiptError(null);
      return;
    }
    // Checked here, before anything is sent: the server would refuse it after a 5 MB upload.
    const problem = checkReceipt(file);
    setReceiptError(problem);
    setReceipt(problem ? null : file);
  };

  const submit = () => {
    setFormError(null);
    const problem = checkReference(reference);
    setReferenceError(problem);
    if (problem || receiptError) return;
    return (async () => {
      try {
        let latest = await sendDepositReference(deposit.id, reference.trim());
        if (receipt) latest = await uploadDepositReceipt(deposit.id, receipt);
        onChanged(latest);
        void showToast('deposit_transfer_sent');
      } catch (err) {
        setFormError(depositFailureMessage(err, symbol));
      }
    })();
  };

  return (
    <form className="deposit-transfer" method="post" noValidate>
      <TextField
        label="deposit_reference"
        name="reference"
        autoComplete="off"
        maxLength={40}
        value={reference}
        onValueChange={(v) => {
          setReference(v);
          if (referenceError) setReferenceError(checkReference(v));
        }}
        error={referenceError}
        hint="deposit_reference_hint"
        required
      />
      <FilePicker
        className="deposit-receipt"
        id={`receipt-${deposit.id}`}
        label={t('deposit_receipt')}
        accept={RECEIPT_ACCEPT}
        files={receipt ? [receipt] : []}
        onPick={(picked) => pick(picked[0] ?? null)}
        // The receipt is optional: a chosen one can be dropped again.
        onRemove={() => pick(null)}
        hint={t('deposit_receipt_hint')}
        error={receiptError ? text(receiptError) : null}
      />
      <FormError error={formError} />
      <SubmitButton className="button button--primary deposit-detail__action" onSubmit={submit}>
        {t('deposit_submit_transfer')}
      </SubmitButton>
    </form>
  );
}

/** The final states and the operator's wait: what happened and what the wallet got. */
function Outcome({ deposit, symbol }: { deposit: Deposit; symbol: string }) {
  const { t } = useTranslation();
  switch (deposit.state) {
    case 'paid':
      return (
        <div className="deposit-outcome deposit-outcome--paid" role="status">
          <p className="deposit-outcome__title">{t('deposit_paid_title')}</p>
          <dl className="deposit-rows">
            <Row label={t('deposit_credited')} testId="outcome-credited">
              {formatMoney(symbol, deposit.credited)}
            </Row>
            <Row label={t('deposit_bonus')} testId="outcome-bonus">
              {formatMoney(symbol, deposit.bonus)}
            </Row>
          </dl>
        </div>
      );
    case 'rejected':
      return (
        <div className="deposit-outcome deposit-outcome--rejected" role="status">
          <p className="deposit-outcome__title">{t('deposit_rejected_title')}</p>
          {deposit.reason ? <p>{t('deposit_rejected_reason', { reason: deposit.reason })}</p> : null}
        </div>
      );
    case 'expired':
      return (
        <div className="deposit-outcome deposit-outcome--expired" role="status">
          <p className="deposit-outcome__title">{t('deposit_expired_title')}</p>
        </div>
      );
    case 'cancelled':
      return (
        <div className="deposit-outcome deposit-outcome--cancelled" role="status">
          <p className="deposit-outcome__title">{t('deposit_cancelled_title')}</p>
        </div>
      );
    case 'pending':
      return null;
  }
}

interface DetailBodyProps {
  deposit: Deposit;
  symbol: string;
  layout: Layout;
  onChanged(d: Deposit): void;
  /** Reads the deposit again (the server stores it expired once its time is up). */
  onRefresh(): void;
}

function DetailBody({ deposit, symbol, layout, onChanged, onRefresh }: DetailBodyProps) {
  const { t } = useTranslation();
  const pending = deposit.state === 'pending';
  const seconds = useCountdown(deposit.expiresAt, pending);
  const timeUp = pending && seconds === 0;
  useEffect(() => {
    if (timeUp) onRefresh();
    // onRefresh is a new function each render; reaching zero decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeUp]);
  const amount = formatMoney(symbol, deposit.amount);
  const waiting = pending && deposit.provider === 'manual' && deposit.reference !== null;
  const [cancelError, setCancelError] = useState<DepositMessage | null>(null);
  const [retryError, setRetryError] = useState<DepositMessage | null>(null);
  const [retrying, setRetrying] = useState(false);

  // The provider was down when the deposit was made: the member opens its payment again.
  const retryPayment = async () => {
    setRetryError(null);
    setRetrying(true);
    try {
      onChanged(await reopenDepositPayment(deposit.id));
    } catch (err) {
      setRetryError(depositFailureMessage(err, symbol));
    } finally {
      setRetrying(false);
    }
  };

  const cancel = async () => {
    setCancelError(null);
    if (!(await confirmDialog({ messageKey: 'deposit_cancel_confirm', confirmKey: 'confirm', cancelKey: 'cancel' }))) return;
    try {
      onChanged(await cancelDeposit(deposit.id));
    } catch (err) {
      setCancelError(depositFailureMessage(err, symbol));
    }
  };


  const account = deposit.account;
  const accountRows =
    deposit.provider === 'manual' && account ? (
      <dl className="deposit-rows deposit-rows--account">
        <CopyRow label={t('deposit_bank_name')} value={account.bankName} />
        <CopyRow label={t('deposit_account_name')} value={account.accountName} />
        <CopyRow label={t('deposit_account_no')} value={account.accountNo} />
        <CopyRow label={t('deposit_amount_to_send')} value={amount} copyValue={deposit.amount.toFixed(2)} />
      </dl>
    ) : null;

  const nextStep = !pending ? null : waiting ? (
    <p className="deposit-waiting" role="status">
      {t('deposit_waiting_operator')}
    </p>
  ) : deposit.provider === 'manual' ? (
    <TransferForm deposit={deposit} symbol={symbol} onChanged={onChanged} />
  ) : deposit.payUrl && isPaymentUrl(deposit.payUrl) ? (
    // A plain link, not the router's: a full page navigation to the provider, which sends the payer back here.
    <a className="button button--primary deposit-detail__action" href={deposit.payUrl} rel="noreferrer">
      {t('deposit_go_to_payment')}
    </a>
  ) : deposit.providerState === 'unavailable' ? (
    <>
      <p className="deposit-waiting" role="status" data-testid="deposit-provider-unavailable">
        {t('deposit_provider_unavailable')}
      </p>
      {retryError ? <FormError error={retryError} /> : null}
      <button type="button" className="button button--primary deposit-detail__action" disabled={retrying} onClick={() => void retryPayment()}>
        {t('deposit_try_again')}
      </button>
    </>
  ) : null;

  const cancelButton = pending ? (
    <>
      {cancelError ? <FormError error={cancelError} /> : null}
      <button type="button" className="button button--secondary deposit-detail__cancel" onClick={() => void cancel()}>
        {t('deposit_cancel')}
      </button>
    </>
  ) : (
    <Link className="button button--primary deposit-detail__again" to={DEPOSIT_PATH}>
      {t('deposit_again')}
    </Link>
  );

  const state = (
    <span className={`deposit-state deposit-state--${deposit.state}`} data-testid="deposit-state">
      {t(DEPOSIT_STATE_KEYS[deposit.state])}
    </span>
  );

  if (layout === 'new') {
    return (
      <>
        <section className="deposit-card">
          <p className="deposit-card__channel">{deposit.channelName}</p>
          <p className="deposit-card__amount" data-testid="deposit-amount">
            {amount}
          </p>
          {state}
          {pending ? <Countdown seconds={seconds} /> : null}
        </section>
        <Outcome deposit={deposit} symbol={symbol} />
        {pending ? (
          <ol className="deposit-steps">
            {accountRows ? (
              <li className="deposit-steps__step">
                <p className="deposit-steps__title">{t('deposit_step_transfer')}</p>
                {accountRows}
              </li>
            ) : null}
            {nextStep ? (
              <li className="deposit-steps__step">
                <p className="deposit-steps__title">{t(deposit.provider === 'manual' ? 'deposit_step_confirm' : 'deposit_step_pay')}</p>
                {nextStep}
              </li>
            ) : null}
          </ol>
        ) : null}
        {cancelButton}
      </>
    );
  }
  return (
    <>
      <dl className="deposit-rows">
        <Row label={t('deposit_channel')}>{deposit.channelName}</Row>
        <Row label={t('deposit_amount')} testId="deposit-amount">
          {amount}
        </Row>
        <Row label={t('deposit_status')}>{state}</Row>
      </dl>
      {pending ? <Countdown seconds={seconds} /> : null}
      <Outcome deposit={deposit} symbol={symbol} />
      {pending && accountRows ? <p className="deposit-detail__hint">{t('deposit_step_transfer')}</p> : null}
      {pending ? accountRows : null}
      {nextStep}
      {cancelButton}
    </>
  );
}

function DepositDetail({ layout = 'base' }: WidgetComponentProps<DepositDetailProps>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { search } = useLocation();
  const id = depositIdOf(search);
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const { requireLogin } = useRuntimeActions();
  // Loaded after hydration only: the deposit is the member's, never part of the server's page.
  const memberScope = hydrated ? scope : null;
  const channels = useDepositChannels(memberScope);
  // An operator's decision arrives while the member is elsewhere: coming back to the tab reads it again.
  const deposit = useDeposit(id, memberScope, { revalidateOnFocus: true });
  const revalidateWallet = useRevalidateWallet();
  const { data, error, mutate } = deposit;
  const symbol = channels.data?.currencySymbol ?? '';
  const state = data?.state;
  const pendingGateway = data?.provider === 'gateway' && state === 'pending';

  // Back from the payment page, the provider's notice may not have arrived yet: read the deposit
  // again a few times, further apart each time, while it is pending.
  useEffect(() => {
    if (!pendingGateway) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = (attempt: number) => {
      if (attempt >= PENDING_POLL_DELAYS_MS.length) return;
      timer = setTimeout(() => {
        void mutate().finally(() => {
          if (!stopped) wait(attempt + 1);
        });
      }, PENDING_POLL_DELAYS_MS[attempt]);
    };
    wait(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pendingGateway, id, mutate]);

  // Credited: the header's balance is read again.
  useEffect(() => {
    if (state === 'paid') void revalidateWallet();
    // revalidateWallet is a new function each render; the state alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, id]);

  if (id === null) return null;
  const classes = `deposit-detail deposit-detail--${layout}`;
  if (hydrated && !scope) {
    return (
      <div className={classes} data-layout={layout}>
        <p>{t('deposit_login_first')}</p>
        <button type="button" className="button button--primary deposit-detail__action" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  if (!hydrated || (!data && !error)) return <div className={classes} data-layout={layout} aria-busy="true" />;
  if (!data) {
    return (
      <div className={classes} data-layout={layout}>
        <p className="form-error" role="alert">
          {text(depositFailureMessage(error, symbol))}
        </p>
        <Link className="button button--primary deposit-detail__again" to={DEPOSIT_PATH}>
          {t('deposit_again')}
        </Link>
      </div>
    );
  }
  const changed = (next: Deposit) => {
    void mutate(next, { revalidate: false });
    void revalidateDeposits();
  };
  return (
    <div className={classes} data-layout={layout}>
      <DetailBody deposit={data} symbol={symbol} layout={layout} onChanged={changed} onRefresh={() => void mutate()} />
    </div>
  );
}

export default DepositDetail;
