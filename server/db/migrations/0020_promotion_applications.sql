-- Images members upload (server/services/uploads.ts), one table for every purpose: staged one by
-- one (owner_id NULL), then sent with what they belong to (a feedback, a promotion application),
-- at most 3 each. Generalises feedback_images (0017), whose rows and ids move here unchanged.
CREATE TABLE member_images (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  purpose text NOT NULL CHECK (purpose IN ('feedback', 'promotion')),
  -- feedback.id or promotion_entries.id once sent.
  owner_id bigint,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO member_images (id, member_id, purpose, owner_id, content_type, data, created_at)
  SELECT id, member_id, 'feedback', feedback_id, content_type, data, created_at FROM feedback_images;
SELECT setval(pg_get_serial_sequence('member_images', 'id'), coalesce((SELECT max(id) FROM member_images), 0) + 1, false);
DROP TABLE feedback_images;
CREATE INDEX member_images_member_idx ON member_images (member_id, purpose, owner_id);
CREATE INDEX member_images_owner_idx ON member_images (purpose, owner_id) WHERE owner_id IS NOT NULL;

-- The operator's decision on an APPLY entry: approved (state issued, the reward granted) or
-- rejected with a reason the member reads on the promotion.
ALTER TABLE promotion_entries ADD COLUMN reason text CHECK (char_length(reason) <= 200);
ALTER TABLE promotion_entries ADD COLUMN decided_by text;
ALTER TABLE promotion_entries ADD COLUMN decided_at timestamptz;
CREATE INDEX promotion_entries_applying_idx ON promotion_entries (merchant_code, id) WHERE state = 'applying';
