-- The team screens (server/services/team-records.ts): an agent's team betting list, newest first
-- across the whole team, reads the merchant's bets backwards by time and keeps those of the team
-- (a hashed set of the team's ids from member_tree), stopping once a page is full. Without this
-- index that list would sort every bet of the team in the range; a small team is read per member
-- on bets_member_time_idx instead.
CREATE INDEX bets_merchant_time_idx ON bets (merchant_code, created_at, id);
