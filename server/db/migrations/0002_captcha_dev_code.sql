-- With the embedded outbox provider (development and tests) the captcha's digits are kept so
-- that GET /wps/dev/captcha can reveal them to an automated test; with a real provider this
-- column stays NULL.
ALTER TABLE captchas ADD COLUMN dev_code text;
