import './styles.css';
import { useState } from 'react';
import type { AgentContractProps } from '../../src/generated/widgets/agent-contract';
import type { Bounds, Downline, Terms } from '../../src/generated/api/agent-contracts';
import { FormError, SubmitButton, type FieldMessage } from '../../src/components/form';
import { termsProblem, TIER_FIELDS, type AnyTier, type ContractKind } from '../../src/domain/contract-terms';
import { useTranslation } from '../../src/lib/i18n';
import type { TranslationKey } from '../../src/lib/i18n-keys';
import { useMemberScope, useRuntimeState, useTenant } from '../../src/lib/runtime';
import { useHydrated } from '../../src/lib/hydration';
import type { WidgetComponentProps } from '../../src/lib/widget';
import { contractFailure as failureOf, decideContract, proposeContract, useContractPage, useRevalidateContracts, type Contract, type ContractTerms } from '../../src/features/agent';
import { formatRecordMoney } from '../../src/features/records';

type Field = 'turnover' | 'activeMembers' | 'amount' | 'netLoss' | 'percent';

const FIELD_LABELS: Readonly<Record<Field, TranslationKey>> = {
  turnover: 'contract_field_turnover',
  activeMembers: 'contract_field_active_members',
  amount: 'contract_field_amount',
  netLoss: 'contract_field_net_loss',
  percent: 'contract_field_percent',
};

const PERIOD_LABELS: Readonly<Record<'half-month' | 'month', TranslationKey>> = {
  'half-month': 'contract_period_half_month',
  month: 'contract_period_month',
};

const fieldsOf = (kind: ContractKind): Field[] => [...TIER_FIELDS[kind].thresholds, TIER_FIELDS[kind].value];

function TermsTable({ kind, terms, symbol }: { kind: ContractKind; terms: Terms; symbol: string }) {
  const { t } = useTranslation();
  const fields = fieldsOf(kind);
  const show = (field: Field, value: number | undefined) =>
    value === undefined ? '' : field === 'activeMembers' ? String(value) : field === 'percent' ? t('contract_percent_value', { value }) : formatRecordMoney(symbol, value);
  return (
    <div className="agent-contract__terms">
      {terms.period ? (
        <p className="agent-contract__period" data-testid="contract-period">
          {t('contract_period')}: {t(PERIOD_LABELS[terms.period])}
        </p>
      ) : null}
      <table className="agent-contract__table" data-testid="contract-terms">
        <thead>
          <tr>
            <th scope="col">{t('contract_tier_column')}</th>
            {fields.map((f) => (
              <th key={f} scope="col">
                {t(FIELD_LABELS[f])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {terms.tiers.map((tier, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              {fields.map((f) => (
                <td key={f}>{show(f, tier[f])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Decision({ contract, kind, symbol, onDone }: { contract: Contract; kind: ContractKind; symbol: string; onDone(): Promise<unknown> }) {
  const { t } = useTranslation();
  const [error, setError] = useState<FieldMessage | null>(null);
  const decide = (decision: 'sign' | 'reject') => () => {
    setError(null);
    return decideContract(contract.id, decision).then(onDone, (err: unknown) => {
      setError(failureOf(err));
      return onDone();
    });
  };
  return (
    <section className="agent-contract__card agent-contract__card--pending" data-testid="contract-pending">
      <h2 className="agent-contract__title">{t('contract_awaiting', { upline: contract.upline })}</h2>
      <TermsTable kind={kind} terms={contract.terms} symbol={symbol} />
      <form className="agent-contract__actions" method="post" noValidate>
        {error ? <FormError error={error} /> : null}
        <SubmitButton className="button button--primary" onSubmit={decide('sign')}>
          {t('contract_sign')}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={() => void decide('reject')()}>
          {t('contract_reject')}
        </button>
      </form>
    </section>
  );
}

type Row = Partial<Record<Field, string>>;

function rowsOf(kind: ContractKind, terms: Terms | undefined): Row[] {
  if (!terms) return [{}];
  return terms.tiers.map((tier) => Object.fromEntries(fieldsOf(kind).map((f) => [f, tier[f] === undefined ? '' : String(tier[f])])));
}

const NUMBER = /^\d{1,9}(\.\d{1,2})?$/;
const COUNT = /^\d{1,7}$/;

/** The tiers as numbers, or the first field that is not a number of the right kind. */
function parseRows(kind: ContractKind, rows: readonly Row[]): { tiers: AnyTier[] } | { field: string } {
  const tiers: AnyTier[] = [];
  for (const [i, row] of rows.entries()) {
    const tier: Record<string, number> = {};
    for (const f of fieldsOf(kind)) {
      const text = (row[f] ?? '').trim();
      if (!(f === 'activeMembers' ? COUNT : NUMBER).test(text)) return { field: `/terms/tiers/${i}/${f}` };
      tier[f] = Number(text);
    }
    tiers.push(tier as unknown as AnyTier);
  }
  return { tiers };
}

interface ProposeProps {
  kind: ContractKind;
  downline: Downline;
  bounds: Bounds;
  symbol: string;
  onDone(): Promise<unknown>;
}

function ProposeForm({ kind, downline, bounds, symbol, onDone }: ProposeProps) {
  const { t } = useTranslation();
  const current = downline.pending ?? downline.signed;
  const [rows, setRows] = useState<Row[]>(() => rowsOf(kind, current?.terms));
  const [period, setPeriod] = useState<'half-month' | 'month'>(current?.terms.period ?? bounds.periods?.[0] ?? 'month');
  const [error, setError] = useState<(FieldMessage & { field?: string }) | null>(null);
  const [done, setDone] = useState(false);
  const fields = fieldsOf(kind);
  const max = kind === 'dividend' ? (bounds.maxPercent ?? null) : (bounds.maxAmount ?? null);

  const set = (i: number, f: Field, value: string) => {
    setDone(false);
    setRows((all) => all.map((r, j) => (j === i ? { ...r, [f]: value } : r)));
  };
  const submit = () => {
    setError(null);
    setDone(false);
    const parsed = parseRows(kind, rows);
    if ('field' in parsed) {
      setError({ key: 'contract_field_invalid', field: parsed.field });
      return;
    }
    const problem = termsProblem(kind, parsed.tiers, max, (bounds.own?.tiers as AnyTier[] | undefined) ?? null, bounds.ceiling ?? null);
    if (problem) {
      setError({ key: problem.messageKey, field: problem.field });
      return;
    }
    const terms = (kind === 'dividend' ? { period, tiers: parsed.tiers } : { tiers: parsed.tiers }) as ContractTerms;
    return proposeContract(kind, downline.memberId, terms).then(
      () => {
        setDone(true);
        return onDone();
      },
      (err: unknown) => setError(failureOf(err)),
    );
  };
  const invalid = (i: number, f: Field) => error?.field === `/terms/tiers/${i}/${f}`;
  const tierOfError = error?.field ? /^\/terms\/tiers\/(\d+)\//.exec(error.field)?.[1] : undefined;

  return (
    <form className="agent-contract__propose" method="post" noValidate data-testid="contract-propose-form">
      <h3 className="agent-contract__subtitle">{t('contract_propose_to', { account: downline.account })}</h3>
      <p className="agent-contract__bounds">
        {max !== null ? t(kind === 'dividend' ? 'contract_bounds_max_percent' : 'contract_bounds_max_amount', { max: kind === 'dividend' ? max : formatRecordMoney(symbol, max) }) : null}
        {bounds.own ? ` ${t('contract_bounds_own')}` : ''}
        {bounds.ceiling !== undefined
          ? ` ${t(kind === 'dividend' ? 'contract_bounds_ceiling_percent' : 'contract_bounds_ceiling', { max: kind === 'dividend' ? bounds.ceiling : formatRecordMoney(symbol, bounds.ceiling) })}`
          : ''}
      </p>
      {bounds.ceilingMissing ? (
        <p className="agent-contract__bounds" role="alert" data-testid="contract-ceiling-missing">
          {t('contract_bounds_ceiling_missing')}
        </p>
      ) : null}
      {kind === 'dividend' ? (
        <label className="agent-contract__field">
          <span>{t('contract_period')}</span>
          <select value={period} onChange={(e) => setPeriod(e.target.value as 'half-month' | 'month')} data-testid="contract-period-select">
            {(bounds.periods ?? ['month']).map((p) => (
              <option key={p} value={p}>
                {t(PERIOD_LABELS[p])}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <ol className="agent-contract__tiers">
        {rows.map((row, i) => (
          <li key={i} className="agent-contract__tier" data-testid="contract-tier">
            <span className="agent-contract__tier-name">{t('contract_tier', { n: i + 1 })}</span>
            {fields.map((f) => (
              <label key={f} className="agent-contract__field">
                <span>{t(FIELD_LABELS[f])}</span>
                <input
                  inputMode={f === 'activeMembers' ? 'numeric' : 'decimal'}
                  value={row[f] ?? ''}
                  onChange={(e) => set(i, f, e.target.value)}
                  aria-invalid={invalid(i, f) || undefined}
                  data-field={f}
                />
              </label>
            ))}
            {rows.length > 1 ? (
              <button type="button" className="button button--text" onClick={() => setRows((all) => all.filter((_, j) => j !== i))}>
                {t('contract_remove_tier')}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {rows.length < bounds.maxTiers ? (
        <button type="button" className="button button--secondary" onClick={() => setRows((all) => [...all, {}])}>
          {t('contract_add_tier')}
        </button>
      ) : null}
      {error ? (
        <FormError error={tierOfError !== undefined ? { key: 'contract_tier_error', params: { n: Number(tierOfError) + 1, message: t(error.key as TranslationKey) } } : error} />
      ) : null}
      {done ? (
        <p className="agent-contract__done" role="status" data-testid="contract-proposed">
          {t('contract_proposed_done', { account: downline.account })}
        </p>
      ) : null}
      <SubmitButton className="button button--primary" onSubmit={submit}>
        {t('contract_propose')}
      </SubmitButton>
    </form>
  );
}

const STATE_LABELS: Readonly<Record<'none' | 'proposed' | 'signed', TranslationKey>> = {
  none: 'contract_state_none',
  proposed: 'contract_state_proposed',
  signed: 'contract_state_signed',
};

function Downlines({ kind, downlines, bounds, symbol, onDone }: { kind: ContractKind; downlines: Downline[]; bounds: Bounds; symbol: string; onDone(): Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section className="agent-contract__card" data-testid="contract-downlines">
      <h2 className="agent-contract__title">{t('contract_downlines')}</h2>
      {downlines.length === 0 ? <p className="agent-contract__empty">{t('contract_downlines_empty')}</p> : null}
      <ul className="agent-contract__list">
        {downlines.map((d) => {
          const state = d.pending ? 'proposed' : d.signed ? 'signed' : 'none';
          return (
            <li key={d.memberId} className="agent-contract__downline" data-testid="contract-downline" data-account={d.account}>
              <div className="agent-contract__row">
                <span className="agent-contract__account">{d.account}</span>
                <span className={`agent-contract__state agent-contract__state--${state}`}>{t(STATE_LABELS[state])}</span>
                <button type="button" className="button button--secondary" aria-expanded={open === d.memberId} onClick={() => setOpen(open === d.memberId ? null : d.memberId)}>
                  {t('contract_propose')}
                </button>
              </div>
              {d.signed && open !== d.memberId ? <TermsTable kind={kind} terms={d.signed.terms} symbol={symbol} /> : null}
              {open === d.memberId ? <ProposeForm kind={kind} downline={d} bounds={bounds} symbol={symbol} onDone={onDone} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function AgentContract({ kind = 'salary' }: WidgetComponentProps<AgentContractProps>) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const scope = useMemberScope();
  const symbol = useTenant().settings.currency.symbol;
  const signedIn = useRuntimeState((state) => state.session !== null);
  const page = useContractPage(hydrated && signedIn ? scope : null, kind);
  const revalidate = useRevalidateContracts();

  if (!hydrated || !signedIn) return <div className="agent-contract agent-contract--loading" aria-busy="true" />;
  const data = page.data;
  if (page.error && !data) {
    return (
      <div className="agent-contract agent-contract--failed">
        <FormError error={failureOf(page.error)} />
        <button type="button" className="button button--secondary" onClick={() => void page.mutate()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!data) return <div className="agent-contract agent-contract--loading" aria-busy="true" />;
  return (
    <div className="agent-contract" data-testid="agent-contract" data-kind={kind}>
      {data.pending ? <Decision contract={data.pending} kind={kind} symbol={symbol} onDone={revalidate} /> : null}
      <section className="agent-contract__card" data-testid="contract-current">
        <h2 className="agent-contract__title">{t('contract_current')}</h2>
        {data.signed ? <TermsTable kind={kind} terms={data.signed.terms} symbol={symbol} /> : <p className="agent-contract__empty">{t('contract_none')}</p>}
      </section>
      {data.isAgent ? <Downlines kind={kind} downlines={data.downlines} bounds={data.bounds} symbol={symbol} onDone={revalidate} /> : null}
    </div>
  );
}
