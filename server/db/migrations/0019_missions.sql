-- Mission tasks (server/services/missions.ts): the tasks of a MISSION promotion. A 'wager' task is
-- complete once the member's stakes on bets of game_type (NULL: any game) since joining, within
-- the task's period, reach target: period 'week' is the tenant's week (Monday 00:00 in its time
-- zone, settings.timeZone), 'promotion' the promotion's whole period. Amounts are minor units.
-- A completed task is claimed once per member and period: the claim grants reward_amount as a
-- reward (source 'mission', source_ref <promotion>:<task>:<period>) with turnover_multiplier, and
-- adds the task's points to the member's ranking of the week.
CREATE TABLE mission_tasks (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  promotion_code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('wager')),
  game_type text,
  target bigint NOT NULL CHECK (target > 0),
  period text NOT NULL CHECK (period IN ('week', 'promotion')),
  points integer NOT NULL CHECK (points >= 0),
  reward_amount bigint NOT NULL DEFAULT 0 CHECK (reward_amount >= 0),
  turnover_multiplier numeric(6, 2) NOT NULL DEFAULT 1 CHECK (turnover_multiplier >= 0),
  title_en text NOT NULL CHECK (char_length(title_en) BETWEEN 1 AND 120),
  title_ty text NOT NULL CHECK (char_length(title_ty) BETWEEN 1 AND 120),
  sort integer NOT NULL DEFAULT 100,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mission_tasks_promotion_idx ON mission_tasks (merchant_code, promotion_code, sort, id);

-- A claimed task: one per member, task and period ('' for a task of the promotion's period, else
-- the Monday of the tenant's week). week is the tenant's week of the claim: the ranking sums the
-- points of a promotion's claims of one week.
CREATE TABLE mission_claims (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  promotion_code text NOT NULL,
  task_id bigint NOT NULL REFERENCES mission_tasks(id),
  period text NOT NULL,
  week date NOT NULL,
  points integer NOT NULL CHECK (points >= 0),
  reward_id bigint REFERENCES rewards(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mission_claims_once ON mission_claims (member_id, task_id, period);
CREATE INDEX mission_claims_rank_idx ON mission_claims (merchant_code, promotion_code, week, member_id);
