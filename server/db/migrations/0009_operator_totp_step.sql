-- The TOTP time step an operator's last accepted code belonged to: a code is accepted once,
-- so one seen over a shoulder or in a log cannot be replayed within its 30-90 s of validity.
ALTER TABLE operators ADD COLUMN totp_last_step bigint;
