-- The deposit and withdrawal records (server/services/money-records.ts) list one member's rows of
-- a range of days newest first, keyset-paged on (created_at, id), optionally of one state, and sum
-- the range by state. These indexes answer each page with a range scan from the cursor on, and
-- the totals from the member's rows of the range only.
CREATE INDEX deposits_member_created_idx ON deposits (member_id, created_at DESC, id DESC);
CREATE INDEX deposits_member_state_created_idx ON deposits (member_id, state, created_at DESC, id DESC);
CREATE INDEX withdrawals_member_created_idx ON withdrawals (member_id, created_at DESC, id DESC);
CREATE INDEX withdrawals_member_state_created_idx ON withdrawals (member_id, state, created_at DESC, id DESC);
