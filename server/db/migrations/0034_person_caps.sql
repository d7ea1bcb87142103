-- Caps and one-per-person rewards count per verified person, not per account id.
-- mobile_verified_at: when the member proved the number by SMS (self-registration with a code, or
-- binding one later). Accounts an agent opens (register_method 'AGENT') join promotions, rewards,
-- red rain, sign-in and missions only once it is set. The number stays unique per merchant
-- (members_mobile_uq, 0001).
-- person_key: the verified person behind the account: 'id:<hash>' of an approved identity's ID
-- number, else 'm:<E.164>' of the verified mobile; null when neither is verified.
ALTER TABLE members ADD COLUMN mobile_verified_at TIMESTAMPTZ;
ALTER TABLE members ADD COLUMN person_key TEXT;
CREATE INDEX members_person_idx ON members (merchant_code, person_key) WHERE person_key IS NOT NULL;

-- Red-rain catches are wagered like a bonus: amount x the window's multiplier.
ALTER TABLE rain_windows ADD COLUMN turnover_multiplier NUMERIC(6, 2) NOT NULL DEFAULT 1
  CHECK (turnover_multiplier >= 0 AND turnover_multiplier <= 100);

ALTER TABLE turnover_requirements DROP CONSTRAINT turnover_requirements_source_check;
ALTER TABLE turnover_requirements ADD CONSTRAINT turnover_requirements_source_check
  CHECK (source IN ('deposit', 'bonus', 'adjustment', 'rebate', 'transfer', 'contract', 'red_rain'));

-- A one-per-person reward names the person it counts for (the member's person key, or
-- 'member:<id>' for a member without one; a referral reward: the referred friend's). Two accounts
-- of one person cannot both hold the reward of one cause, and a friend is referred once.
ALTER TABLE rewards ADD COLUMN person_key TEXT;
CREATE UNIQUE INDEX rewards_person_uq ON rewards (merchant_code, source, source_ref, person_key)
  WHERE person_key IS NOT NULL AND source IN ('sign_in', 'turnover', 'mission', 'vip_upgrade');
CREATE UNIQUE INDEX rewards_referral_person_uq ON rewards (merchant_code, person_key)
  WHERE person_key IS NOT NULL AND source = 'referral';
