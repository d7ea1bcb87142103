-- Agent contracts pay for real activity (server/services/agent-contracts.ts).
--
-- A top-level agent (one without a signed contract of the kind) proposes within a ceiling an
-- operator sets per kind (`npm run ops -- agents ceiling set`, POST /ops/agents/ceiling; audited):
-- the most one tier may pay (salary, hourly: minor units) or share (dividend: basis points).
-- Without one its proposals of that kind are refused (contract.ceiling.missing).
CREATE TABLE agent_contract_ceilings (
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('salary', 'dividend', 'hourly')),
  merchant_code text NOT NULL REFERENCES merchants(code),
  max_value bigint NOT NULL CHECK (max_value > 0),
  set_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind)
);

-- A period whose qualifying figures show no turnover or no active member pays nothing, however the
-- contract's tiers read: the settlement row records why (amount 0, no transaction), so a replayed
-- `ops settle` answers the same refusal and pays nothing.
ALTER TABLE agent_contract_settlements ADD COLUMN refused_reason text;

-- A contract payment carries a turnover requirement (settings.agentContracts.turnoverMultiplier).
ALTER TABLE turnover_requirements DROP CONSTRAINT turnover_requirements_source_check;
ALTER TABLE turnover_requirements ADD CONSTRAINT turnover_requirements_source_check
  CHECK (source IN ('deposit', 'bonus', 'adjustment', 'rebate', 'transfer', 'contract'));
