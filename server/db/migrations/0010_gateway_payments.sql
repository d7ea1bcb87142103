-- The reference payment provider ("gateway"): its own record of each payment it was asked to
-- collect for a deposit, and of the signed callback it owes the platform. A real provider keeps
-- this on its side; the reference one lives in the same database but is reached by the platform
-- only through its page (/pay/<id>) and its signed callback.
CREATE TABLE gateway_payments (
  -- Unguessable: it is the only credential of the payer's page.
  id text PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  deposit_id bigint NOT NULL UNIQUE REFERENCES deposits(id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  merchant_name text NOT NULL,
  -- Where the payer goes after paying or cancelling, and the host the callback is sent to.
  return_url text NOT NULL,
  callback_host text NOT NULL,
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The payer can no longer pay after this (the deposit's own expiry).
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  -- The callback: delivered when the platform answered 2xx; until then retried with backoff.
  delivered_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error text
);
CREATE INDEX gateway_payments_undelivered_idx ON gateway_payments (next_attempt_at) WHERE delivered_at IS NULL AND status <> 'created';

-- The turnover a deposit adds once paid, fixed when it is created (the member was shown the
-- channel's terms then): its amount times the tenant's deposit multiplier, and its bonus times
-- the channel's bonus multiplier.
ALTER TABLE deposits ADD COLUMN deposit_turnover bigint NOT NULL DEFAULT 0 CHECK (deposit_turnover >= 0);
ALTER TABLE deposits ADD COLUMN bonus_turnover bigint NOT NULL DEFAULT 0 CHECK (bonus_turnover >= 0);
-- The expiry job looks for pending deposits past their time.
CREATE INDEX deposits_pending_expiry_idx ON deposits (expires_at) WHERE state = 'pending';
