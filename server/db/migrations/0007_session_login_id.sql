-- The login a token belongs to: the first token's hash, carried over by every renewal. Logging
-- out ends the whole login, so a token replaced a moment ago (still in its rotation grace) stops
-- working with the current one.
ALTER TABLE sessions ADD COLUMN login_id text;
UPDATE sessions SET login_id = token_hash;
ALTER TABLE sessions ALTER COLUMN login_id SET NOT NULL;
CREATE INDEX sessions_login_id_idx ON sessions (login_id);
