import './styles.css';
import { useState } from 'react';
import type { AgentAccountFormProps } from '../../src/generated/widgets/agent-account-form';
import { FormError, PasswordField, SubmitButton, TextField, type FieldCheck } from '../../src/components/form';
import { useTranslation } from '../../src/lib/i18n';
import { useMemberScope } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { checkField, checkRegisterConfirm, useAccountContext } from '../../src/features/account';
import { categoryLabel, checkRateText, failureOnField, openAgentAccount, useAgentRates, useRevalidateAgentRates, type AgentDownline, type RebateGameType } from '../../src/features/agent';

type Kind = 'player' | 'agent';
type Errors = Record<string, FieldCheck>;

/** The agent's form to open a player or sub-agent account under itself. */
function AgentAccountForm({ agents = true }: WidgetComponentProps<AgentAccountFormProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { rules } = useAccountContext();
  const scope = useMemberScope();
  const own = useAgentRates(hydrated ? scope : null);
  const revalidate = useRevalidateAgentRates();
  const [kind, setKind] = useState<Kind>('player');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [rates, setRates] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<FieldCheck>(null);
  const [opened, setOpened] = useState<AgentDownline | null>(null);
  const categories = own.data?.own ?? [];
  const name = (gameType: RebateGameType) => t(categoryLabel(gameType));

  if (opened) {
    return (
      <section className="agent-account-form agent-account-form--done" role="status" data-testid="agent-open-done">
        <p>{t('agent_open_done', { username: opened.username })}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setOpened(null);
            setUsername('');
            setPassword('');
            setConfirm('');
            setRates({});
          }}
        >
          {t('agent_open_another')}
        </button>
      </section>
    );
  }

  const validate = (): Errors => {
    const found: Errors = {
      username: checkField(rules, 'username', username, { required: true }),
      password: checkField(rules, 'password', password, { required: true }),
      confirmPassword: checkRegisterConfirm(password, confirm),
    };
    if (kind === 'agent') {
      for (const c of categories) found[`rates.${c.gameType}`] = checkRateText(rates[c.gameType] ?? '0', c.rate, name(c.gameType));
    }
    return found;
  };

  const submit = async () => {
    setFormError(null);
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const rateInput = kind === 'agent' ? Object.fromEntries(categories.map((c) => [c.gameType, Number(rates[c.gameType] ?? '0')])) : undefined;
    try {
      const result = await openAgentAccount({ kind, username, password, confirmPassword: confirm, ...(rateInput ? { rates: rateInput } : {}) });
      setOpened(result.member);
      void revalidate();
    } catch (err) {
      const { field, message } = failureOnField(err, name);
      if (field && (field in found || field.startsWith('rates.'))) setErrors({ ...found, [field]: message });
      else setFormError(message);
    }
  };

  return (
    <form className="agent-account-form" method="post" noValidate>
      {agents ? (
        <fieldset className="agent-account-form__kind">
          <legend className="form-field__label">{t('agent_open_kind')}</legend>
          {(['player', 'agent'] as const).map((k) => (
            <label key={k} className="agent-account-form__choice">
              <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {t(k === 'player' ? 'agent_open_player' : 'agent_open_agent')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <TextField label="username" name="username" autoComplete="off" value={username} onValueChange={setUsername} error={errors.username} required />
      <PasswordField label="password" name="password" autoComplete="new-password" value={password} onValueChange={setPassword} error={errors.password} required />
      <PasswordField label="confirm_password" name="confirmPassword" autoComplete="new-password" value={confirm} onValueChange={setConfirm} error={errors.confirmPassword} required />
      {kind === 'agent' ? (
        <fieldset className="agent-account-form__rates" aria-busy={!own.data}>
          <legend className="form-field__label">{t('agent_open_rates')}</legend>
          {categories.map((c) => (
            <TextField
              key={c.gameType}
              label={categoryLabel(c.gameType)}
              name={`rate-${c.gameType}`}
              inputMode="decimal"
              value={rates[c.gameType] ?? '0'}
              onValueChange={(v) => setRates((r) => ({ ...r, [c.gameType]: v }))}
              error={errors[`rates.${c.gameType}`]}
              addon={<span className="agent-account-form__max">{t('agent_rate_max', { rate: c.rate })}</span>}
            />
          ))}
        </fieldset>
      ) : null}
      <FormError error={formError} />
      <SubmitButton className="button button--primary agent-account-form__submit" onSubmit={submit}>
        {t('agent_open_submit')}
      </SubmitButton>
    </form>
  );
}

export default AgentAccountForm;
