-- A renewal's answer, kept for the token it replaced (server/repositories/sessions.ts): the new
-- token sealed (JWE, dir + A256GCM) under a key derived from the old token, which only its holder
-- has (the row stores the old token's hash, not the token). A renewal of the same token during its
-- grace (a page reloaded before the first answer arrived, two tabs at once, a retried request)
-- answers the same new token instead of 409, and never makes a second session.
ALTER TABLE sessions ADD COLUMN successor_sealed TEXT;
