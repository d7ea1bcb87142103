import './styles.css';
import { useState } from 'react';
import type { AgentRebatesProps } from '../../src/generated/widgets/agent-rebates';
import { FormError, SubmitButton, TextField, useMessageText, type FieldCheck } from '../../src/components/form';
import { showToast } from '../../src/lib/feedback';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import {
  categoryLabel,
  checkRateText,
  failureOnField,
  setDownlineRates,
  useAgentRates,
  useRevalidateAgentRates,
  type AgentDownline,
  type AgentRate,
  type RebateGameType,
} from '../../src/features/agent';

const rateText = (rate: number) => `${rate}%`;

function RateList({ rates, label }: { rates: readonly AgentRate[]; label: string }) {
  const { t } = useTranslation();
  return (
    <dl className="agent-rebates__rates" aria-label={label}>
      {rates.map((r) => (
        <div key={r.gameType} data-game-type={r.gameType}>
          <dt>{t(categoryLabel(r.gameType))}</dt>
          <dd>{rateText(r.rate)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The edit form of one downline agent's rates, each field checked against the agent's own. */
function EditRates({ member, own, onDone }: { member: AgentDownline; own: readonly AgentRate[]; onDone(): void }) {
  const { t } = useTranslation();
  const revalidate = useRevalidateAgentRates();
  const name = (gameType: RebateGameType) => t(categoryLabel(gameType));
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(member.rates.map((r) => [r.gameType, String(r.rate)])));
  const [errors, setErrors] = useState<Record<string, FieldCheck>>({});
  const [formError, setFormError] = useState<FieldCheck>(null);

  const submit = async () => {
    setFormError(null);
    const found = Object.fromEntries(own.map((o) => [`rates.${o.gameType}`, checkRateText(values[o.gameType] ?? '', o.rate, name(o.gameType))]));
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await setDownlineRates(member.id, Object.fromEntries(own.map((o) => [o.gameType, Number(values[o.gameType])])));
      await revalidate();
      void showToast('agent_rebate_saved');
      onDone();
    } catch (err) {
      const { field, message } = failureOnField(err, name);
      if (field?.startsWith('rates.')) setErrors({ ...found, [field]: message });
      else setFormError(message);
    }
  };

  return (
    <form className="agent-rebates__form" method="post" noValidate data-testid="agent-rebates-form">
      {own.map((o) => (
        <TextField
          key={o.gameType}
          label={categoryLabel(o.gameType)}
          name={`rate-${o.gameType}`}
          inputMode="decimal"
          value={values[o.gameType] ?? ''}
          onValueChange={(v) => setValues((cur) => ({ ...cur, [o.gameType]: v }))}
          error={errors[`rates.${o.gameType}`]}
          addon={<span className="agent-rebates__max">{t('agent_rate_max', { rate: o.rate })}</span>}
          required
        />
      ))}
      <FormError error={formError} />
      <div className="agent-rebates__actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('cancel')}
        </button>
        <SubmitButton className="button button--primary" onSubmit={submit}>
          {t('agent_rebate_save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The agent's own rates and its direct downline agents', each editable within the agent's own. */
function AgentRebates({ showOwn = true }: WidgetComponentProps<AgentRebatesProps>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const { data, error, mutate } = useAgentRates(hydrated ? scope : null);
  const [editing, setEditing] = useState<number | null>(null);

  if (error && !data) {
    return (
      <div className="agent-rebates agent-rebates--failed">
        <p className="form-field__error" role="alert">
          {text({ key: error.messageKey })}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!data) return <div className="agent-rebates agent-rebates--loading" aria-busy="true" />;
  // A tenant without cash back has no rebate categories: nothing to show or set, said plainly.
  if (data.own.length === 0) {
    return (
      <section className="agent-rebates agent-rebates--none">
        <p className="agent-rebates__empty" role="status">
          {t('agent_rebate_no_categories')}
        </p>
      </section>
    );
  }

  return (
    <section className="agent-rebates">
      {showOwn ? (
        <div className="agent-rebates__own">
          <h2 className="agent-rebates__title">{t('agent_rebate_own')}</h2>
          <RateList rates={data.own} label={t('agent_rebate_own')} />
        </div>
      ) : null}
      <h2 className="agent-rebates__title">{t('agent_rebate_downline')}</h2>
      {data.downline.length === 0 ? <p className="agent-rebates__empty">{t('agent_rebate_empty')}</p> : null}
      <ul className="agent-rebates__list" aria-label={t('agent_rebate_downline')}>
        {data.downline.map((member) => (
          <li key={member.id} className="agent-rebates__member" data-username={member.username}>
            <div className="agent-rebates__head">
              <span className="agent-rebates__name">{member.username}</span>
              {editing === member.id ? null : (
                <button type="button" className="button button--secondary agent-rebates__edit" onClick={() => setEditing(member.id)}>
                  {t('agent_rebate_edit')}
                </button>
              )}
            </div>
            {editing === member.id ? <EditRates member={member} own={data.own} onDone={() => setEditing(null)} /> : <RateList rates={member.rates} label={member.username} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default AgentRebates;
