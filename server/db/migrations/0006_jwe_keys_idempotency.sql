-- JWE keys at rest and rotation: the private JWK is stored encrypted (AES-256-GCM under
-- KEY_ENCRYPTION_KEY) in private_jwk_enc; the plain private_jwk of older databases is
-- encrypted and cleared by the first start that has a key. One current key (retired_at NULL);
-- a retired key still decrypts for a grace period after retired_at.
ALTER TABLE server_keys ADD COLUMN kid text;
UPDATE server_keys SET kid = coalesce(public_jwk->>'kid', id);
ALTER TABLE server_keys ALTER COLUMN kid SET NOT NULL;
ALTER TABLE server_keys ADD CONSTRAINT server_keys_kid_key UNIQUE (kid);
ALTER TABLE server_keys ALTER COLUMN private_jwk DROP NOT NULL;
ALTER TABLE server_keys ADD COLUMN private_jwk_enc text;
ALTER TABLE server_keys ADD COLUMN retired_at timestamptz;
-- At most one current key, so two instances starting at once cannot both add one.
CREATE UNIQUE INDEX server_keys_one_current ON server_keys ((retired_at IS NULL)) WHERE retired_at IS NULL;

-- Single-use ids (jti) of encrypted request bodies, kept until their iat can no longer pass.
CREATE TABLE jwe_replays (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX jwe_replays_expires_at ON jwe_replays (expires_at);

-- Idempotency keys of money-moving requests, per member and route: the first result is kept
-- and answered again for a repeat with the same key and body.
CREATE TABLE idempotency_keys (
  member_id bigint NOT NULL,
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, scope, key)
);
CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);
