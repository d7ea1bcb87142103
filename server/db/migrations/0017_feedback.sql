-- Members' feedback (/m/feedback, FEEDBACK3) and the operator's reply (server/services/feedback.ts).
CREATE TABLE feedback (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  member_id bigint NOT NULL REFERENCES members(id),
  type text NOT NULL,
  content text NOT NULL,
  reply text,
  replied_by text,
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_member_idx ON feedback (member_id, id DESC);
CREATE INDEX feedback_merchant_idx ON feedback (merchant_code, id DESC);

-- Images are uploaded one by one before the feedback is sent (feedback_id NULL until then), at
-- most 3 per feedback; a member holds only a few unsent ones at a time.
CREATE TABLE feedback_images (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  feedback_id bigint REFERENCES feedback(id),
  content_type text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_images_member_idx ON feedback_images (member_id, feedback_id);
