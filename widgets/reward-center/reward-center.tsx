import './styles.css';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RewardCenterProps } from '../../src/generated/widgets/reward-center';
import { FormError, FormTabs, SubmitButton, useFormTabs, type FieldMessage, type FormTab } from '../../src/components/form';
import { FigurePairs } from '../../src/components/figure-pairs';
import { ApiFailure } from '../../src/lib/api/client';
import { tenantTimeZone } from '../../src/lib/app-config';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { useMemberScope, useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useRevalidateWallet } from '../../src/features/wallet';
import { claimReward, newRewardKey, useRevalidateRewards, useRewards, type Reward, type RewardClaim, type RewardListState } from '../../src/features/engagement';
import { formatRecordMoney, formatRecordTime } from '../../src/features/records';
import { href } from '../../src/lib/routes';

type Tab = Exclude<RewardListState, 'all'>;

const TAB_LABELS: Readonly<Record<Tab, TranslationKey>> = {
  claimable: 'reward_tab_claimable',
  claimed: 'reward_tab_claimed',
  expired: 'reward_tab_expired',
};

const SOURCE_LABELS: Readonly<Record<Reward['source'], TranslationKey>> = {
  deposit_bonus: 'reward_source_deposit_bonus',
  sign_in: 'reward_source_sign_in',
  turnover: 'reward_source_turnover',
  mission: 'reward_source_mission',
  vip_upgrade: 'reward_source_vip_upgrade',
  referral: 'reward_source_referral',
  operator: 'reward_source_operator',
};

const EMPTY: Readonly<Record<Tab, TranslationKey>> = {
  claimable: 'reward_empty_claimable',
  claimed: 'reward_empty_claimed',
  expired: 'reward_empty_expired',
};

/** What a failed claim says: the server's key (claimed, expired, not found) or a generic one. */
function claimFailure(error: unknown): FieldMessage {
  return error instanceof ApiFailure ? { key: error.messageKey } : { key: 'unknown_error' };
}

interface CardProps {
  reward: Reward;
  symbol: string;
  timeZone: string;
  onClaim?(): Promise<void>;
  error?: FieldMessage | null;
}

function RewardCard({ reward, symbol, timeZone, onClaim, error }: CardProps) {
  const { t } = useTranslation();
  return (
    <li className={`reward-card reward-card--${reward.state}`} data-testid="reward-card" data-reward-id={reward.id}>
      <div className="reward-card__head">
        <p className="reward-card__source">{t(SOURCE_LABELS[reward.source])}</p>
        {reward.promotionTitle ? <p className="reward-card__promo">{reward.promotionTitle}</p> : null}
        <p className="reward-card__amount" data-testid="reward-amount">
          {formatRecordMoney(symbol, reward.amount)}
        </p>
      </div>
      <p className="reward-card__note" data-testid="reward-turnover">
        {t('reward_turnover', { required: formatRecordMoney(symbol, reward.turnoverRequired), multiplier: reward.turnoverMultiplier })}
      </p>
      <p className="reward-card__note" data-testid="reward-time">
        {reward.state === 'claimed'
          ? t('reward_claimed_at', { time: formatRecordTime(reward.claimedAt, timeZone) })
          : t(reward.state === 'expired' ? 'reward_expired_at' : 'reward_expires', { time: formatRecordTime(reward.expiresAt, timeZone) })}
      </p>
      {onClaim ? (
        <form className="reward-card__claim" method="post" noValidate>
          {error ? <FormError error={error} /> : null}
          <SubmitButton className="button button--primary reward-card__action" onSubmit={onClaim}>
            {t('reward_claim')}
          </SubmitButton>
        </form>
      ) : null}
    </li>
  );
}

function Claimed({ claim, symbol, recordTo, onDone }: { claim: RewardClaim; symbol: string; recordTo: string; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <section className="reward-center reward-center--done" role="status" data-testid="reward-done">
      <h2 className="reward-center__title">{t('reward_done_title')}</h2>
      <p className="reward-center__note">{t('reward_done_amount', { amount: formatRecordMoney(symbol, claim.reward.amount) })}</p>
      <FigurePairs
        strong
        pairs={[
          { id: 'balance', label: t('reward_done_balance'), value: formatRecordMoney(symbol, claim.balance), testId: 'reward-balance' },
          { id: 'turnover', label: t('reward_done_turnover'), value: formatRecordMoney(symbol, claim.reward.turnoverRequired), testId: 'reward-done-turnover' },
        ]}
      />
      <Link className="button button--secondary reward-center__action" to={recordTo}>
        {t('account_record_link')}
      </Link>
      <button type="button" className="button button--primary reward-center__action" onClick={onDone}>
        {t('reward_back')}
      </button>
    </section>
  );
}

function RewardCenter({ recordTo = href('transactionRecord'), tabs = ['claimable', 'claimed', 'expired'] }: WidgetComponentProps<RewardCenterProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const tenant = useTenant();
  const symbol = tenant.settings.currency.symbol;
  const timeZone = tenantTimeZone(tenant);
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  const [tab, setTab] = useState<Tab>(tabs[0] ?? 'claimable');
  const tabState = useFormTabs<Tab>('reward', tab, tabs.length > 1);
  // Member data loads after hydration: the server paints the frame, the browser fills it in.
  const rewards = useRewards(hydrated && signedIn ? scope : null, tab);
  const revalidateWallet = useRevalidateWallet();
  const revalidateRewards = useRevalidateRewards();
  const [claimed, setClaimed] = useState<RewardClaim | null>(null);
  const [errors, setErrors] = useState<Readonly<Record<number, FieldMessage>>>({});
  // One key per reward and claim attempt: a retry after a failure that may hide a paid claim
  // sends it again, and the server answers that claim instead of paying twice.
  const attemptKeys = useRef(new Map<number, string>());

  if (!hydrated) return <div className="reward-center reward-center--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="reward-center reward-center--visitor">
        <p>{t('reward_login_first')}</p>
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  if (claimed) return <Claimed claim={claimed} symbol={symbol} recordTo={recordTo} onDone={() => setClaimed(null)} />;

  const claim = (reward: Reward) => () => {
    setErrors(({ [reward.id]: _, ...rest }) => rest);
    const key = attemptKeys.current.get(reward.id) ?? newRewardKey();
    attemptKeys.current.set(reward.id, key);
    return claimReward(reward.id, key).then(
      (paid) => {
        attemptKeys.current.delete(reward.id);
        setClaimed(paid);
        void revalidateWallet();
        void revalidateRewards();
      },
      (err: unknown) => {
        setErrors((all) => ({ ...all, [reward.id]: claimFailure(err) }));
        // A refusal (claimed elsewhere, expired) changes the list: it is read again.
        if (err instanceof ApiFailure && err.status !== 0) {
          attemptKeys.current.delete(reward.id);
          void revalidateRewards();
        }
      },
    );
  };

  const tabItems: FormTab<Tab>[] = tabs.map((value) => ({ value, label: TAB_LABELS[value] }));
  const data = rewards.data;
  let body;
  if (rewards.error && !data) {
    body = (
      <div className="reward-center__failed">
        <FormError error={claimFailure(rewards.error)} />
        <button type="button" className="button button--secondary" onClick={() => void rewards.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (!data) {
    body = <div className="reward-center__list reward-center__list--loading" aria-busy="true" />;
  } else if (data.list.length === 0) {
    body = (
      <p className="reward-center__empty" data-testid="reward-empty">
        {t(EMPTY[tab])}
      </p>
    );
  } else {
    body = (
      <ul className="reward-center__list">
        {data.list.map((reward) => (
          <RewardCard
            key={reward.id}
            reward={reward}
            symbol={symbol}
            timeZone={timeZone}
            onClaim={reward.state === 'claimable' ? claim(reward) : undefined}
            error={errors[reward.id] ?? null}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="reward-center">
      <FormTabs state={tabState} tabs={tabItems} onSelect={setTab} />
      <div {...tabState.panel}>
        {data && tab === 'claimable' && data.claimable > 0 ? (
          <p className="reward-center__count" data-testid="reward-count">
            {t('reward_count', { count: data.claimable })}
          </p>
        ) : null}
        {body}
      </div>
    </div>
  );
}

export default RewardCenter;
