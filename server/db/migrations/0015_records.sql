-- The member's records: account record (ledger entries), betting record (bets) and profit and
-- loss (server/services/records-*.ts). Lists are keyset-paged newest first on (created_at, id);
-- totals come from per-day aggregates kept in the transaction of each bet and posting, so that a
-- range's totals read at most a row per day and kind however many bets the member placed.

-- What a posting belongs to, as the account record shows it: D<deposit id>, W<withdrawal id>,
-- B<bet id>. Written with the posting (server/repositories/ledger.ts); backfilled here.
ALTER TABLE ledger_transactions ADD COLUMN reference text;
UPDATE ledger_transactions t SET reference = 'D' || d.id FROM deposits d WHERE d.transaction_id = t.id;
UPDATE ledger_transactions t SET reference = 'D' || d.id FROM deposits d
  WHERE t.kind = 'BONUS' AND t.reference IS NULL AND t.memo = 'deposit ' || d.id || ' bonus';
UPDATE ledger_transactions t SET reference = 'W' || w.id FROM withdrawals w WHERE t.id = w.hold_transaction_id;
UPDATE ledger_transactions t SET reference = 'W' || w.id FROM withdrawals w WHERE t.id = w.settle_transaction_id;
UPDATE ledger_transactions t SET reference = 'B' || b.id FROM bets b WHERE b.ledger_transaction_id = t.id;
-- A spin's PAYOUT was posted in the database transaction of its BET: the same now(), memo and wallet.
UPDATE ledger_transactions p SET reference = bt.reference
  FROM ledger_transactions bt
  WHERE p.kind = 'PAYOUT' AND p.reference IS NULL AND bt.kind = 'BET' AND bt.reference LIKE 'B%'
    AND p.created_at = bt.created_at AND p.merchant_code = bt.merchant_code AND p.memo IS NOT DISTINCT FROM bt.memo AND p.id > bt.id
    AND EXISTS (SELECT 1 FROM ledger_entries pe JOIN ledger_entries be ON be.account_id = pe.account_id
                WHERE pe.transaction_id = p.id AND be.transaction_id = bt.id);

-- The wallet's balance once the bet was settled (the betting record's detail); NULL where the
-- ledger does not say (bets seeded in bulk share their postings).
ALTER TABLE bets ADD COLUMN balance_after bigint;
UPDATE bets b SET balance_after = e.balance_after + b.win
  FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'WALLET'
  WHERE e.transaction_id = b.ledger_transaction_id AND a.member_id = b.member_id AND e.amount = -b.stake;

-- Keyset lists, newest first: a member's ledger entries per account, a member's bets (all, or
-- of one game type). Scanned backwards from the cursor.
CREATE INDEX ledger_entries_account_time_idx ON ledger_entries (account_id, created_at, id);
CREATE INDEX bets_member_time_idx ON bets (member_id, created_at, id);
CREATE INDEX bets_member_type_time_idx ON bets (member_id, game_type, created_at, id);
-- The other side of a transfer in the account record.
CREATE INDEX transfers_transaction_idx ON transfers (transaction_id);

-- A member's bets per day of the tenant (its settings.timeZone) and game (type and vendor: the
-- betting record's categories are either). Updated in the transaction that writes each bet
-- (server/repositories/bets.ts); `ops records rebuild` recomputes it from the bets (after a
-- tenant's time zone changed, say). Valid turnover: stakes of bets whose win differs from the stake.
CREATE TABLE bet_days (
  member_id bigint NOT NULL REFERENCES members(id),
  day date NOT NULL,
  game_type text NOT NULL,
  vassalage text NOT NULL,
  bet_count integer NOT NULL CHECK (bet_count >= 0),
  stake bigint NOT NULL,
  valid_turnover bigint NOT NULL,
  win bigint NOT NULL,
  PRIMARY KEY (member_id, day, game_type, vassalage)
);

-- A member account's ledger entries (WALLET, HOLD; not the house's) per day of the tenant and
-- posting kind: credits (sum of positive amounts), debits (sum of negative ones) and their number.
-- Updated with each posting (server/repositories/ledger.ts), recomputed by `ops records rebuild`.
CREATE TABLE ledger_days (
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  day date NOT NULL,
  kind text NOT NULL,
  credit bigint NOT NULL CHECK (credit >= 0),
  debit bigint NOT NULL CHECK (debit <= 0),
  entries integer NOT NULL CHECK (entries >= 0),
  PRIMARY KEY (account_id, day, kind)
);
-- Both are filled from the existing rows right after this file, with each tenant's time zone
-- (server/db/migrate.ts runs the records backfill in the same transaction).
