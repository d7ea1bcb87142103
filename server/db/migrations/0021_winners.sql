-- The winners page (GET /wps/game/winners) reads a merchant's biggest wins of a period (today,
-- this week, this month) from the bets: their merchant and time, winning bets only.
CREATE INDEX bets_merchant_time_win_idx ON bets (merchant_code, created_at) WHERE win > stake;
