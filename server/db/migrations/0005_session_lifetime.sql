-- Absolute session lifetime and token rotation. ends_at: the end of the login's lifetime, which
-- renewal never passes (carried over to each rotated token). rotated_at: the token was replaced
-- by a renewal; it keeps working only for a few seconds' grace (expires_at is cut down).
ALTER TABLE sessions ADD COLUMN ends_at timestamptz;
UPDATE sessions SET ends_at = created_at + interval '30 days';
ALTER TABLE sessions ALTER COLUMN ends_at SET NOT NULL;
ALTER TABLE sessions ADD COLUMN rotated_at timestamptz;
