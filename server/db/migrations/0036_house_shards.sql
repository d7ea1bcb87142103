-- House sub-accounts: every money move of a merchant used to lock the merchant's one HOUSE account
-- row for its whole transaction, so the merchant's money writes ran one at a time. A merchant now
-- has up to HOUSE_SHARDS (server/money/ledger.ts) HOUSE accounts, shard 0 to HOUSE_SHARDS - 1; a
-- money move takes the one of its member (member id mod HOUSE_SHARDS), so independent members do
-- not queue behind each other. The house's balance is the sum of its sub-accounts (the ledger
-- check and the reports add them up). Members' accounts keep shard 0.
ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_shard_range CHECK (shard >= 0 AND shard < 256);

-- The existing single HOUSE account of each merchant becomes its shard 0 (the column's default);
-- the other sub-accounts are opened on first use.
DROP INDEX ledger_accounts_house_uq;
CREATE UNIQUE INDEX ledger_accounts_house_uq ON ledger_accounts (merchant_code, currency, kind, shard) WHERE member_id IS NULL;
