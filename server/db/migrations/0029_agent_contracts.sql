-- Agent contracts (server/services/agent-contracts.ts): an agent proposes a daily salary, a
-- dividend or an hourly salary contract to a direct downline agent, who signs or rejects it.
-- Terms are JSON (validated by schemas/api/agent-contracts.json and the service), amounts in
-- minor units and shares in basis points. One pending proposal and one signed contract per
-- downline and kind: a new proposal cancels the pending one, a new signature supersedes the
-- signed one (both enforced by the partial unique indexes below).
CREATE TABLE agent_contracts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  kind text NOT NULL CHECK (kind IN ('salary', 'dividend', 'hourly')),
  upline_id bigint NOT NULL REFERENCES members(id),
  downline_id bigint NOT NULL REFERENCES members(id),
  terms jsonb NOT NULL,
  state text NOT NULL DEFAULT 'proposed' CHECK (state IN ('proposed', 'signed', 'rejected', 'cancelled', 'superseded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  signed_at timestamptz,
  ended_at timestamptz,
  CHECK (upline_id <> downline_id),
  CHECK (state <> 'signed' OR signed_at IS NOT NULL)
);
CREATE UNIQUE INDEX agent_contracts_pending ON agent_contracts (downline_id, kind) WHERE state = 'proposed';
CREATE UNIQUE INDEX agent_contracts_signed ON agent_contracts (downline_id, kind) WHERE state = 'signed';
CREATE INDEX agent_contracts_upline_idx ON agent_contracts (upline_id, kind, id);
CREATE INDEX agent_contracts_downline_idx ON agent_contracts (downline_id, id);

-- One settlement per contract and period (a day YYYY-MM-DD, an hour YYYY-MM-DDTHH, a half-month
-- YYYY-MM-H1/H2 or a month YYYY-MM of the tenant's time zone), and one per downline, kind and
-- period whatever contract was in force: a second run of `ops settle` inserts nothing and pays
-- nothing. The payment (ledger kind CONTRACT, house -> the downline's wallet) is written in the
-- same transaction as its row; a period whose amount is 0 is recorded without a transaction.
CREATE TABLE agent_contract_settlements (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  contract_id bigint NOT NULL REFERENCES agent_contracts(id),
  kind text NOT NULL CHECK (kind IN ('salary', 'dividend', 'hourly')),
  downline_id bigint NOT NULL REFERENCES members(id),
  period text NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  -- What the amount was computed from (minor units; members).
  turnover bigint NOT NULL DEFAULT 0,
  active_members integer NOT NULL DEFAULT 0,
  net_loss bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL CHECK (amount >= 0),
  transaction_id bigint REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((amount = 0) = (transaction_id IS NULL))
);
CREATE UNIQUE INDEX agent_contract_settlements_once ON agent_contract_settlements (contract_id, period);
CREATE UNIQUE INDEX agent_contract_settlements_period ON agent_contract_settlements (downline_id, kind, period);
CREATE INDEX agent_contract_settlements_contract_idx ON agent_contract_settlements (contract_id, id);
