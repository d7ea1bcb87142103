-- Lookalike usernames: a member's name reduced to its confusable skeleton (case folded, I/i/l/1
-- as one letter, O/0 as one), unique per merchant, so demopIayer, DEMOPLAYER and dem0player cannot
-- sit beside demoplayer, even when registrations race (the index decides). The expression is the
-- one server/lib/username-skeleton.ts describes; usernames are ASCII letters and digits.
ALTER TABLE members ADD COLUMN username_skeleton text GENERATED ALWAYS AS (translate(lower(username), 'i10', 'llo')) STORED;

-- Names that already shared a skeleton before this migration stay as they are: all but the oldest
-- of each group are marked and left out of the index (the oldest still keeps new lookalikes out).
ALTER TABLE members ADD COLUMN skeleton_shared boolean NOT NULL DEFAULT false;
UPDATE members m SET skeleton_shared = true
  FROM (SELECT id, row_number() OVER (PARTITION BY merchant_code, username_skeleton ORDER BY id) AS n FROM members) d
  WHERE d.id = m.id AND d.n > 1;

CREATE UNIQUE INDEX members_username_skeleton_uq ON members (merchant_code, username_skeleton) WHERE NOT skeleton_shared;
