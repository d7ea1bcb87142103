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
  CHECK (source IN ('deposit', 'bonus', 'adjustment', 'rebate', 'transfer', 'red_rain'));
