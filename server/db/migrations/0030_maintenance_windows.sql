-- Maintenance windows (server/services/maintenance.ts): at most one per tenant, set and cleared by
-- operators (`npm run ops -- maintenance set|clear`, POST/DELETE /ops/maintenance). While the
-- clock is inside [starts_at, ends_at) the tenant's site shows the maintenance view and its API
-- answers `maintenance`; the status is computed per request, so a window that ends needs no restart.
CREATE TABLE maintenance_windows (
  tenant_id TEXT PRIMARY KEY,
  merchant_code TEXT NOT NULL,
  starts_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL,
  -- {"EN": "...", "TY": "..."}: the message per tenant language (may be empty).
  messages JSONB NOT NULL DEFAULT '{}'::jsonb,
  set_by TEXT NOT NULL,
  set_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
