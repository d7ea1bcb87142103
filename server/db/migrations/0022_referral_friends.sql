-- Invite friends (server/services/referral.ts): a member's invited friends are the member's
-- downline, listed newest registration first and keyset-paged on (reg_date, id). This index
-- answers each page with a range scan from the cursor on, however many friends a member has.
CREATE INDEX members_upline_reg_idx ON members (upline_id, reg_date DESC, id DESC);
