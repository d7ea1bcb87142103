import './styles.css';
import type { ReactElement } from 'react';
import type { VipBenefitsProps } from '../../src/generated/widgets/vip-benefits';
import { FormError, type FieldMessage } from '../../src/components/form';
import { ApiFailure } from '../../src/lib/api/client';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope, useRuntimeActions, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { useVipStatus, vipNameKey, type VipLevel, type VipStatus } from '../../src/features/account';
import { formatRecordMoney } from '../../src/features/records';

type Section = NonNullable<VipBenefitsProps['sections']>[number];
type Translate = ReturnType<typeof useTranslation>['t'];

function failure(error: unknown): FieldMessage {
  return error instanceof ApiFailure ? { key: error.messageKey } : { key: 'vip_load_failed' };
}

/** "Level 2 · Silver" (the bare "Level 2" for a name no locale has). */
function levelTitle(t: Translate, level: number, name: string): string {
  const key = vipNameKey(name);
  return key ? t('vip_level_title', { level, name: t(key) }) : t('level_label', { level });
}

function CurrentLevel({ status }: { status: VipStatus }) {
  const { t } = useTranslation();
  return (
    <section className="vip-benefits__level" data-testid="vip-level">
      <p className="vip-benefits__caption">{t('vip_current_level')}</p>
      <p className="vip-benefits__name">{levelTitle(t, status.level, status.name)}</p>
    </section>
  );
}

function Bar({ label, reached, required, symbol }: { label: string; reached: number; required: number; symbol: string }) {
  const { t } = useTranslation();
  const amounts = t('vip_progress_amount', { reached: formatRecordMoney(symbol, reached), required: formatRecordMoney(symbol, required) });
  return (
    <div className="vip-benefits__bar">
      <p className="vip-benefits__bar-head">
        <span>{label}</span>
        <span data-testid="vip-amounts">{amounts}</span>
      </p>
      {/* A threshold of 0 is met already: a full bar. */}
      <progress className="vip-benefits__meter" aria-label={label} value={required > 0 ? reached : 1} max={required > 0 ? required : 1} />
    </div>
  );
}

function Progress({ status, symbol }: { status: VipStatus; symbol: string }) {
  const { t } = useTranslation();
  const { next } = status;
  if (!next) {
    return (
      <section className="vip-benefits__progress" data-testid="vip-progress">
        <p className="vip-benefits__caption">{t('vip_top_level')}</p>
      </section>
    );
  }
  const nextTitle = vipNameKey(next.name);
  return (
    <section className="vip-benefits__progress" data-testid="vip-progress">
      <h2 className="vip-benefits__title">{t('vip_next_level', { level: next.level, name: nextTitle ? t(nextTitle) : next.level })}</h2>
      <Bar label={t('vip_progress_turnover')} reached={next.turnover.reached} required={next.turnover.required} symbol={symbol} />
      <Bar label={t('vip_progress_deposit')} reached={next.deposit.reached} required={next.deposit.required} symbol={symbol} />
    </section>
  );
}

function LevelRow({ level, current, symbol }: { level: VipLevel; current: boolean; symbol: string }) {
  const { t } = useTranslation();
  const money = (amount: number) => (amount > 0 ? formatRecordMoney(symbol, amount) : t('vip_none'));
  const { benefits } = level;
  return (
    <tr className={current ? 'vip-benefits__row vip-benefits__row--current' : 'vip-benefits__row'} aria-current={current ? 'true' : undefined}>
      <th scope="row">
        {levelTitle(t, level.level, level.name)}
        {current ? <span className="vip-benefits__badge">{t('vip_current_badge')}</span> : null}
      </th>
      <td>{formatRecordMoney(symbol, level.minTurnover)}</td>
      <td>{formatRecordMoney(symbol, level.minDeposit)}</td>
      <td>{money(level.upgradeBonus)}</td>
      <td>{money(benefits.dailyWithdrawalLimit)}</td>
      <td>{benefits.rebateBonusPercent > 0 ? t('vip_percent', { value: benefits.rebateBonusPercent }) : t('vip_none')}</td>
      <td>{money(benefits.birthdayBonus)}</td>
    </tr>
  );
}

function LevelsTable({ status, symbol }: { status: VipStatus; symbol: string }) {
  const { t } = useTranslation();
  return (
    <section className="vip-benefits__table" data-testid="vip-table">
      <p className="vip-benefits__hint" data-testid="vip-scroll-hint">
        {t('vip_table_scroll_hint')}
      </p>
      {/* A scrolling region a keyboard can reach and scroll (WCAG 2.1.1; axe scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="vip-benefits__scroll" tabIndex={0} role="region" aria-label={t('vip_table_title')}>
        <table>
          <caption className="vip-benefits__title">{t('vip_table_title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('vip_col_level')}</th>
              <th scope="col">{t('vip_col_turnover')}</th>
              <th scope="col">{t('vip_col_deposit')}</th>
              <th scope="col">{t('vip_col_upgrade_bonus')}</th>
              <th scope="col">{t('vip_col_withdrawal_limit')}</th>
              <th scope="col">{t('vip_col_rebate')}</th>
              <th scope="col">{t('vip_col_birthday')}</th>
            </tr>
          </thead>
          <tbody>
            {status.levels.map((level) => (
              <LevelRow key={level.level} level={level} current={level.level === status.level} symbol={symbol} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function VipBenefits({ sections = ['level', 'progress', 'table'] }: WidgetComponentProps<VipBenefitsProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const symbol = useTenant().settings.currency.symbol;
  const signedIn = useRuntimeState((state) => state.session !== null);
  const { requireLogin } = useRuntimeActions();
  // Member data loads after hydration: the server paints the frame, the browser fills it in.
  const vip = useVipStatus(hydrated && signedIn ? scope : null);

  if (!hydrated) return <div className="vip-benefits vip-benefits--loading" aria-busy="true" />;
  if (!signedIn) {
    return (
      <div className="vip-benefits vip-benefits--visitor">
        <button type="button" className="button button--primary" onClick={requireLogin}>
          {t('login_or_register')}
        </button>
      </div>
    );
  }
  const status = vip.data;
  if (!status) {
    if (!vip.error) return <div className="vip-benefits vip-benefits--loading" aria-busy="true" />;
    return (
      <div className="vip-benefits vip-benefits--failed">
        <FormError error={failure(vip.error)} />
        <button type="button" className="button button--secondary" onClick={() => void vip.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const parts: Record<Section, ReactElement> = {
    level: <CurrentLevel key="level" status={status} />,
    progress: <Progress key="progress" status={status} symbol={symbol} />,
    table: <LevelsTable key="table" status={status} symbol={symbol} />,
  };
  return <div className="vip-benefits">{sections.map((section) => parts[section])}</div>;
}

export default VipBenefits;
