-- The wallet: deposits, withdrawals, turnover requirements, payout accounts, identity checks,
-- head icons, and the operators of the back office with the audit of what they did.
-- Money is bigint minor units; every balance change is a ledger posting
-- (server/repositories/ledger.ts) written in the same transaction as the state change here.

-- Operators sign in to /ops with a password (scrypt) and, when set, a TOTP code.
CREATE TABLE operators (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  totp_secret text,
  -- The merchants an operator may act on; NULL: every merchant.
  merchant_codes text[],
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX operator_sessions_expires_at ON operator_sessions (expires_at);

-- Every operator action: who (an operator, or the CLI with the shell user), when, what, on
-- which row, why, and the row before and after. Written in the action's own transaction.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  operator_id bigint REFERENCES operators(id),
  actor text NOT NULL,
  action text NOT NULL,
  merchant_code text,
  target_type text NOT NULL,
  target_id text NOT NULL,
  reason text,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);

-- A deposit request. manual: waits for an operator; gateway: paid by the provider's callback.
CREATE TABLE deposits (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  channel_id text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('manual', 'gateway')),
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
  -- The bonus credited with the deposit (the channel's bonus percent) and its turnover.
  bonus bigint NOT NULL DEFAULT 0 CHECK (bonus >= 0),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'rejected', 'expired', 'cancelled')),
  -- manual: the player's reference number and receipt (png or jpg).
  reference text,
  receipt bytea,
  receipt_type text CHECK (receipt_type IN ('image/png', 'image/jpeg')),
  -- gateway: the provider's payment id.
  gateway_ref text UNIQUE,
  reason text,
  transaction_id bigint REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text
);
CREATE INDEX deposits_member_idx ON deposits (member_id, id);
CREATE INDEX deposits_state_idx ON deposits (merchant_code, state, id);

-- Turnover a member must wager before withdrawing: from a deposit (its amount times the
-- tenant's multiplier), a bonus, or an operator. Waived by an operator, or met by bets: the
-- stakes placed since the oldest open requirement count against the open ones together, and
-- once they cover them all every open one is marked met (server/services/turnover.ts).
CREATE TABLE turnover_requirements (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  source text NOT NULL CHECK (source IN ('deposit', 'bonus', 'adjustment')),
  source_id text,
  required bigint NOT NULL CHECK (required >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  waived_at timestamptz,
  waived_by text,
  met_at timestamptz
);
CREATE INDEX turnover_requirements_member_idx ON turnover_requirements (member_id, created_at);

-- Where a withdrawal is paid to: a bank or e-wallet account in the verified real name.
CREATE TABLE payout_accounts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('bank', 'ewallet')),
  provider_code text NOT NULL,
  account_no text NOT NULL,
  holder_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX payout_accounts_member_idx ON payout_accounts (member_id) WHERE deleted_at IS NULL;

-- Identity verification: the member's details and images, decided by an operator.
CREATE TABLE identity_checks (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  details jsonb NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text
);
CREATE INDEX identity_checks_member_idx ON identity_checks (member_id, id);
CREATE UNIQUE INDEX identity_checks_one_open ON identity_checks (member_id) WHERE state IN ('pending', 'approved');

CREATE TABLE identity_images (
  check_id bigint NOT NULL REFERENCES identity_checks(id),
  side text NOT NULL CHECK (side IN ('front', 'back', 'selfie')),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  data bytea NOT NULL,
  PRIMARY KEY (check_id, side)
);

-- A member's head icon.
CREATE TABLE member_avatars (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  data bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A withdrawal: the amount (and fee) is held at request (wallet -> the member's HOLD account),
-- then paid (HOLD -> HOUSE) or returned (HOLD -> wallet) by an operator.
CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  payout_account_id bigint NOT NULL REFERENCES payout_accounts(id),
  amount bigint NOT NULL CHECK (amount > 0),
  fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'rejected')),
  reason text,
  hold_transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
  settle_transaction_id bigint REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text
);
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, id);
CREATE INDEX withdrawals_state_idx ON withdrawals (merchant_code, state, id);
-- One pending withdrawal per member: a second is refused ("a withdrawal already pending").
CREATE UNIQUE INDEX withdrawals_one_pending ON withdrawals (member_id) WHERE state = 'pending';
