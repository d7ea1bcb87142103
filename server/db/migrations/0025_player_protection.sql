-- Player protection (server/services/exclusions.ts, server/services/reality-check.ts).
--
-- A time-out (24 hours, 7 or 30 days) or self-exclusion (6 months, 1 or 5 years) the member asked
-- for. It takes effect at once and is never lifted, shortened or deleted: a row is only ever
-- inserted (the trigger below refuses UPDATE and DELETE), and a new one is accepted only when it
-- ends later than the member's current one, so re-excluding can only extend. While now() lies in
-- [starts_at, ends_at) the member cannot log in, play, deposit or receive marketing messages.
CREATE TABLE member_exclusions (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('timeout', 'self_exclusion')),
  period text NOT NULL CHECK (period IN ('24h', '7d', '30d', '6m', '1y', '5y')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_exclusions_member_idx ON member_exclusions (member_id, ends_at DESC);
CREATE INDEX member_exclusions_merchant_idx ON member_exclusions (merchant_code, ends_at DESC);

CREATE FUNCTION member_exclusions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_exclusions rows are never changed or deleted';
END;
$$;
CREATE TRIGGER member_exclusions_no_change BEFORE UPDATE OR DELETE ON member_exclusions
  FOR EACH ROW EXECUTE FUNCTION member_exclusions_immutable();

-- The member's own protection choices: the reality-check interval in minutes (NULL: the
-- tenant's settings.protection.realityCheckMinutes; 0: off) and the birth date given at
-- registration when the tenant requires one (settings.protection.birthDateRequired).
CREATE TABLE member_protection (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  reality_check_minutes integer CHECK (reality_check_minutes BETWEEN 0 AND 1440),
  birth_date date,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The next reality check of a login (sessions.login_id: renewals keep it): spins are refused from
-- due_at until the member acknowledges the check, which moves due_at one interval on.
CREATE TABLE reality_checks (
  login_id text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  due_at timestamptz NOT NULL,
  acknowledged_at timestamptz
);
CREATE INDEX reality_checks_member_idx ON reality_checks (member_id);
