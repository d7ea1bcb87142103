-- SMS codes are bound to the full international number they were sent to (+<dialing code><number>),
-- so a code sent to one country's number never verifies the same digits under another code.
ALTER TABLE sms_codes RENAME COLUMN mobile_num TO phone;
-- Codes issued before were keyed by the national number alone: they stop working.
UPDATE sms_codes SET consumed_at = now() WHERE consumed_at IS NULL;

-- Outbox messages record the merchant that sent them; the dev outbox shows a tenant only its own.
ALTER TABLE outbox ADD COLUMN merchant_code text;
DROP INDEX outbox_recipient_idx;
CREATE INDEX outbox_recipient_idx ON outbox (merchant_code, recipient, id DESC);
