-- Initial schema of the reference platform API.
-- Money is bigint minor units. A balance lives on ledger_accounts and only changes together
-- with ledger_entries rows written in the same transaction (server/repositories/ledger.ts).

CREATE TABLE merchants (
  code text PRIMARY KEY,
  tenant_id text NOT NULL,
  is_trial boolean NOT NULL DEFAULT false,
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE members (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  username text NOT NULL,
  password_hash text,
  payment_password_hash text,
  type smallint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED')),
  upline_id bigint REFERENCES members(id),
  mobile_num text,
  country_dialing_code text,
  email text,
  nickname text,
  payee_name text,
  profile jsonb NOT NULL DEFAULT '{}'::jsonb,
  register_method text,
  register_url text,
  must_change_password boolean NOT NULL DEFAULT false,
  temp_password_hash text,
  temp_password_expires_at timestamptz,
  reg_date timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE UNIQUE INDEX members_username_uq ON members (merchant_code, lower(username));
CREATE UNIQUE INDEX members_mobile_uq ON members (merchant_code, mobile_num) WHERE mobile_num IS NOT NULL;
CREATE INDEX members_upline_idx ON members (upline_id);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  merchant_code text NOT NULL,
  ip text,
  -- The member's first ever session: popups with execution F are shown to it.
  first_login boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_member_idx ON sessions (member_id);

CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint REFERENCES members(id),
  kind text NOT NULL,
  currency text NOT NULL,
  balance bigint NOT NULL DEFAULT 0,
  allow_negative boolean NOT NULL DEFAULT false,
  -- Last line of defence against overdraw; the ledger also checks in its UPDATE.
  CONSTRAINT ledger_accounts_no_overdraw CHECK (allow_negative OR balance >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_member_uq ON ledger_accounts (member_id, kind) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_house_uq ON ledger_accounts (merchant_code, kind) WHERE member_id IS NULL;

CREATE TABLE ledger_transactions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  kind text NOT NULL,
  memo text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sms_codes (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  mobile_num text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_codes_lookup_idx ON sms_codes (merchant_code, mobile_num, purpose, id DESC);

-- Fixed-window counters shared by every instance: rate limits and login failures.
CREATE TABLE rate_counters (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at timestamptz NOT NULL
);

CREATE TABLE announcements (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  type text NOT NULL CHECK (type IN ('B', 'PL', 'PU', 'H', 'A', 'PR')),
  group_name text NOT NULL DEFAULT 'm_home',
  platform text NOT NULL DEFAULT 'M',
  lang text,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  image_url text,
  link_url text,
  execution text CHECK (execution IN ('A', 'B', 'F')),
  promotion_type text,
  data jsonb,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX announcements_lookup_idx ON announcements (merchant_code, group_name, type);

CREATE TABLE announcement_reads (
  member_id bigint NOT NULL REFERENCES members(id),
  announcement_id bigint NOT NULL REFERENCES announcements(id),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, announcement_id)
);

CREATE TABLE help_items (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  lang text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  title text NOT NULL,
  content text NOT NULL
);
CREATE INDEX help_items_lookup_idx ON help_items (merchant_code, lang, sort);

CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  title text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX messages_member_idx ON messages (member_id, id DESC);

CREATE TABLE promotions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  type text NOT NULL,
  lang text,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  image_url text,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE affiliate_codes (
  merchant_code text NOT NULL REFERENCES merchants(code),
  code text NOT NULL,
  member_id bigint NOT NULL REFERENCES members(id),
  domain text,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, code)
);

CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_recipient_idx ON outbox (recipient, id DESC);

-- Key material shared by every instance (the JWE key pair for encrypted bodies).
CREATE TABLE server_keys (
  id text PRIMARY KEY,
  public_jwk jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
