-- One winners feed (server/modules/games/services/winners.ts): the home winner board and the
-- winners page both read the merchant's paid bets, so the board's own table of wins goes. Its
-- rows were made-up demo wins and copies of big wins already in bets.
DROP TABLE game_winners;

-- A bet is in the feed when it paid out (win > 0), not only when it paid more than its stake.
DROP INDEX bets_merchant_time_win_idx;
CREATE INDEX bets_merchant_time_paid_idx ON bets (merchant_code, created_at) WHERE win > 0;
