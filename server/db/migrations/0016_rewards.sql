-- The reward centre (server/services/rewards.ts): money a member has been granted (a deposit
-- bonus, a daily sign-in, a turnover reward, a completed mission, a VIP upgrade, an operator's
-- grant) and takes into the wallet with a claim before it expires. Money is bigint minor units.
--
-- A claim is one conditional UPDATE (unclaimed and not expired -> claimed) followed, in the same
-- transaction, by the BONUS posting (house -> wallet) and the turnover requirement: of racing
-- claims of one reward only the one whose UPDATE found it unclaimed pays.
CREATE TABLE rewards (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  source text NOT NULL CHECK (source IN ('deposit_bonus', 'sign_in', 'turnover', 'mission', 'vip_upgrade', 'referral', 'operator')),
  -- What granted it, unique per member and source (the deposit id, the sign-in day, the level
  -- reached ...): granting twice for one cause is a no-op.
  source_ref text NOT NULL,
  promotion_id bigint REFERENCES promotions(id),
  amount bigint NOT NULL CHECK (amount > 0),
  -- What the member must wager once it is claimed: amount x the multiplier of its promotion or channel.
  turnover_multiplier numeric(6, 2) NOT NULL CHECK (turnover_multiplier >= 0),
  turnover_required bigint NOT NULL CHECK (turnover_required >= 0),
  expires_at timestamptz NOT NULL,
  claimed_at timestamptz,
  transaction_id bigint REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (transaction_id IS NULL OR claimed_at IS NOT NULL)
);
CREATE UNIQUE INDEX rewards_grant ON rewards (member_id, source, source_ref);
CREATE INDEX rewards_member_idx ON rewards (member_id, id);
-- The badge: the member's unclaimed rewards not yet expired.
CREATE INDEX rewards_open_idx ON rewards (member_id, expires_at) WHERE claimed_at IS NULL;

-- Promotions (server/services/promotions.ts): one row per language (lang NULL: every language),
-- the rows of one promotion sharing its code. A promotion has a category (the list's tabs), a
-- period, and by its type an action: SIGN_IN (a daily claim), TURNOVER (a claim once the valid
-- turnover since the start reaches target), MISSION (join), APPLY (an application with a remark),
-- DEPOSIT (the wallet's deposit bonus), REFERRAL (invite friends). What it grants is a reward of
-- reward_amount with turnover_multiplier.
ALTER TABLE promotions ADD COLUMN code text;
UPDATE promotions SET code = 'p' || id;
ALTER TABLE promotions ALTER COLUMN code SET NOT NULL;
ALTER TABLE promotions ADD COLUMN category text NOT NULL DEFAULT 'OTHER';
ALTER TABLE promotions ADD COLUMN starts_at timestamptz;
ALTER TABLE promotions ADD COLUMN ends_at timestamptz;
ALTER TABLE promotions ADD COLUMN reward_amount bigint NOT NULL DEFAULT 0 CHECK (reward_amount >= 0);
ALTER TABLE promotions ADD COLUMN turnover_multiplier numeric(6, 2) NOT NULL DEFAULT 1 CHECK (turnover_multiplier >= 0);
ALTER TABLE promotions ADD COLUMN target bigint NOT NULL DEFAULT 0 CHECK (target >= 0);
CREATE UNIQUE INDEX promotions_code_lang ON promotions (merchant_code, code, coalesce(lang, ''));

-- A member's part in a promotion: joined (MISSION), applying / rejected / issued (APPLY), signed
-- (SIGN_IN, one per day: period is the tenant's day), issued (TURNOVER: its reward was granted).
-- period is '' for what happens once per promotion.
CREATE TABLE promotion_entries (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  promotion_code text NOT NULL,
  period text NOT NULL DEFAULT '',
  state text NOT NULL CHECK (state IN ('joined', 'applying', 'rejected', 'issued', 'signed')),
  remark text CHECK (char_length(remark) <= 140),
  reward_id bigint REFERENCES rewards(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX promotion_entries_once ON promotion_entries (merchant_code, member_id, promotion_code, period);
