-- The seamless wallet of outside game vendors (docs/vendor-wallet.md,
-- server/modules/games/services/vendor-wallet.ts). A vendor is configured from the environment
-- (VENDOR_<CODE>_*) and named here by that code.

-- A launch or play token for an outside vendor's game names the catalogue vendor it was issued
-- for (null: the in-house slot's): the vendor's session/open spends only its own launches.
ALTER TABLE game_tokens ADD COLUMN vendor text;

-- A round's bets are one bets row; a rollback of its only stake leaves it at 0.
ALTER TABLE bets DROP CONSTRAINT bets_stake_check;
ALTER TABLE bets ADD CONSTRAINT bets_stake_check CHECK (stake >= 0);

-- Every answered request of a vendor, replayed byte for byte on a repeat of its request_uuid
-- (kept 30 days: housekeeping).
CREATE TABLE vendor_requests (
  vendor text NOT NULL,
  request_uuid text NOT NULL,
  answer text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor, request_uuid)
);
CREATE INDEX vendor_requests_created_idx ON vendor_requests (created_at);

-- Every transaction_uuid a vendor sent, processed once. kind: bet, win, rollback, or tombstone (a
-- rollback that came before its bet: the bet arriving later with this uuid is refused).
-- amount: what moved (minor units); shortfall: what a rollback of a win could not take back (the
-- house's loss). rolled_back: a bet or win undone since.
CREATE TABLE vendor_transactions (
  vendor text NOT NULL,
  transaction_uuid text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'tombstone')),
  member_id bigint NOT NULL REFERENCES members(id),
  game_code text NOT NULL,
  round text NOT NULL,
  reference_uuid text,
  amount bigint NOT NULL CHECK (amount >= 0),
  shortfall bigint NOT NULL DEFAULT 0,
  bet_id bigint REFERENCES bets(id),
  ledger_transaction_id bigint REFERENCES ledger_transactions(id),
  rolled_back boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor, transaction_uuid)
);
CREATE INDEX vendor_transactions_member_idx ON vendor_transactions (member_id, created_at);

-- A vendor's round: its one bets row.
CREATE TABLE vendor_rounds (
  vendor text NOT NULL,
  round text NOT NULL,
  member_id bigint NOT NULL REFERENCES members(id),
  bet_id bigint NOT NULL REFERENCES bets(id),
  PRIMARY KEY (vendor, round)
);
