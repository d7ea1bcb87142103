-- VIP levels (server/services/vip.ts): the highest level of the tenant's settings.vip.levels the
-- member has reached, by cumulative valid turnover (bet_days) and credited deposits (ledger_days,
-- kind DEPOSIT). It only ever rises: a level reached stays reached when the tenant raises its
-- thresholds. Raising it takes the member row's lock, and in the same transaction each level passed
-- grants its upgrade bonus as a reward (source 'vip_upgrade', source_ref the level), which the
-- rewards_grant unique index makes once per member and level.
ALTER TABLE members ADD COLUMN vip_level smallint NOT NULL DEFAULT 0 CHECK (vip_level >= 0);
