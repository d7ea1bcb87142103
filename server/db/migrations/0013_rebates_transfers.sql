-- Cash back (rebates) and transfers to the upline (server/services/rebates.ts, transfers.ts).
-- Money is bigint minor units; each claim and transfer is written in the transaction of its
-- ledger posting (kinds REBATE and TRANSFER).

-- A rebate paid into a member's wallet: claimed by the member (manual) or paid by the daily
-- settlement (auto). It covers the member's bets with from_bet_id < bets.id <= until_bet_id:
-- the next claim starts after until_bet_id (bets.id only grows), so a bet is rebated once.
-- Claims of one member are decided one after another under a lock of the member's wallet row,
-- which every bet of the member also takes before its bet row gets an id.
CREATE TABLE rebate_claims (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('manual', 'auto')),
  -- The tenant's day the claim belongs to: the day claimed (manual) or the day settled (auto).
  day date NOT NULL,
  from_bet_id bigint NOT NULL CHECK (from_bet_id >= 0),
  until_bet_id bigint NOT NULL,
  -- created_at of the first and last bet covered.
  period_from timestamptz NOT NULL,
  period_until timestamptz NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  -- What the member must wager for it: amount x the tenant's rebate turnover multiplier.
  turnover_required bigint NOT NULL CHECK (turnover_required >= 0),
  transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (until_bet_id > from_bet_id)
);
-- The last bet covered (the next claim's start) and the last word against two claims of one boundary.
CREATE UNIQUE INDEX rebate_claims_member_until ON rebate_claims (member_id, until_bet_id);
CREATE INDEX rebate_claims_member_day ON rebate_claims (member_id, day, id);
-- The daily settlement pays a member once per day.
CREATE UNIQUE INDEX rebate_claims_auto_day ON rebate_claims (member_id, day) WHERE kind = 'auto';

-- A claim per game type: the valid turnover (stakes of bets whose win differs from the stake),
-- the rate in hundredths of a percent (0.8% = 80) and the amount it earned.
CREATE TABLE rebate_claim_lines (
  claim_id bigint NOT NULL REFERENCES rebate_claims(id),
  game_type text NOT NULL,
  valid_turnover bigint NOT NULL CHECK (valid_turnover >= 0),
  rate_bp integer NOT NULL CHECK (rate_bp >= 0),
  amount bigint NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (claim_id, game_type)
);

-- A transfer from a member's wallet to the wallet of the member's upline.
CREATE TABLE transfers (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  from_member_id bigint NOT NULL REFERENCES members(id),
  to_member_id bigint NOT NULL REFERENCES members(id),
  amount bigint NOT NULL CHECK (amount > 0),
  transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_member_id <> to_member_id)
);
CREATE INDEX transfers_from_idx ON transfers (from_member_id, id);
CREATE INDEX transfers_to_idx ON transfers (to_member_id, id);

-- A paid rebate adds a turnover requirement of its own; money received from a team member
-- (a transfer) is wagered by the upline as a deposit is.
ALTER TABLE turnover_requirements DROP CONSTRAINT turnover_requirements_source_check;
ALTER TABLE turnover_requirements ADD CONSTRAINT turnover_requirements_source_check
  CHECK (source IN ('deposit', 'bonus', 'adjustment', 'rebate', 'transfer'));
