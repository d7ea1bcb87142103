-- Red-envelope rain (server/services/red-rain.ts): an operator schedules a window with a budget;
-- during it members catch envelopes whose amounts are drawn from what is left of the budget.
-- Every catch locks its window's row (SELECT ... FOR UPDATE), so `paid` never passes `budget`
-- however many taps race; the CHECK is the database's own guard of the same rule.
CREATE TABLE rain_windows (
  id BIGSERIAL PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  starts_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL,
  -- Minor units.
  budget BIGINT NOT NULL CHECK (budget > 0),
  paid BIGINT NOT NULL DEFAULT 0,
  min_amount BIGINT NOT NULL CHECK (min_amount > 0),
  max_amount BIGINT NOT NULL,
  max_per_member INTEGER NOT NULL CHECK (max_per_member > 0),
  created_by TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (max_amount >= min_amount),
  CHECK (paid >= 0 AND paid <= budget)
);
CREATE INDEX rain_windows_merchant_ends_idx ON rain_windows (merchant_code, ends_at);

CREATE TABLE rain_catches (
  id BIGSERIAL PRIMARY KEY,
  window_id BIGINT NOT NULL REFERENCES rain_windows (id),
  merchant_code TEXT NOT NULL,
  member_id BIGINT NOT NULL,
  amount BIGINT NOT NULL CHECK (amount > 0),
  transaction_id BIGINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX rain_catches_window_member_idx ON rain_catches (window_id, member_id);
CREATE INDEX rain_catches_member_idx ON rain_catches (member_id, created_at DESC);
