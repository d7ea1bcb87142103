-- The reference payment provider (RefPay) is another party now: its own process and store
-- (reference/refpay). The platform no longer keeps the provider's payments; a deposit keeps the
-- provider's name, its payment id (gateway_ref) and the page on the provider's origin (pay_url).
-- A pending deposit whose payment lived in gateway_payments can no longer be paid (no page serves
-- it): it expires as any unpaid deposit.
DROP TABLE IF EXISTS gateway_payments;
ALTER TABLE deposits ADD COLUMN gateway text;
ALTER TABLE deposits ADD COLUMN pay_url text;

