-- Agent rebate rates (server/services/agent-rebates.ts): a member's own cash-back rate per game
-- type, set by its upline (an agent opening a sub-agent, or editing a direct downline agent's
-- rates). In hundredths of a percent (0.8% = 80), so a rate has at most 2 decimals. A rate is never
-- above its upline's for the same game type: the service refuses it and, when an agent's rate is
-- lowered, lowers its team's rates above it in the same transaction. No row: the tenant's rate.
CREATE TABLE member_rebate_rates (
  member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  merchant_code text NOT NULL REFERENCES merchants(code),
  game_type text NOT NULL,
  rate_bp integer NOT NULL CHECK (rate_bp >= 0 AND rate_bp <= 10000),
  -- The upline that set it last.
  set_by bigint REFERENCES members(id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_type)
);
