-- Player protection limits (server/services/player-limits.ts): per member, a deposit, loss and
-- wager limit for each of the tenant's day, week and month, and a session time limit. Amounts in
-- bigint minor units, the session limit in minutes.
--
-- `value` is the limit enforced now (NULL: none). Tightening (a lower value, or one where there
-- was none) writes it at once and drops any pending change; loosening (a higher value, or NULL to
-- remove) is kept as the pending change (pending_set, pending_value, effective_at) that applies
-- once effective_at has passed (the tenant's settings.limits.coolingOffHours after the request):
-- until then `value` is still enforced. It is applied when read or enforced, in the reader's
-- transaction under the member's row lock.
CREATE TABLE player_limits (
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager', 'session')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month', 'session')),
  value bigint CHECK (value IS NULL OR value > 0),
  pending_set boolean NOT NULL DEFAULT false,
  pending_value bigint CHECK (pending_value IS NULL OR pending_value > 0),
  effective_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind, period),
  CHECK ((kind = 'session') = (period = 'session')),
  CHECK (pending_set = (effective_at IS NOT NULL)),
  CHECK (pending_set OR pending_value IS NULL)
);

