-- Tenant releases (docs/operators.md "Releasing a change", server/modules/site/services/tenant-releases.ts):
-- every published tenant is an immutable version; a tenant's head names the version served to
-- everyone and, during a rollout, the version served to a share of visitors.

-- One row per published version, never updated but for its status (and live_at when it goes live).
-- tenant: the resolved tenant as validated (both passes), json (not jsonb) so its keys keep their
-- order; content_hash: sha256 of its text.
-- changes: the diff in words against the version live when it was published (src/tenant/diff.ts).
-- kind: publish, rollback (restores rolled_back_from), scheduled (goes live at go_live_at),
-- rollout (served to share % of visitors).
-- status: pending (scheduled, not yet live), live, superseded (was live), cancelled (a pending one
-- withdrawn), rollout (being rolled out), ended (a rollout aborted; never live).
CREATE TABLE tenant_versions (
  tenant_id text NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  merchant_code text NOT NULL,
  tenant json NOT NULL,
  content_hash text NOT NULL,
  author text NOT NULL,
  message text,
  changes jsonb NOT NULL DEFAULT '[]',
  kind text NOT NULL CHECK (kind IN ('publish', 'rollback', 'scheduled', 'rollout')),
  status text NOT NULL CHECK (status IN ('pending', 'live', 'superseded', 'cancelled', 'rollout', 'ended')),
  go_live_at timestamptz,
  share smallint CHECK (share BETWEEN 1 AND 99),
  rolled_back_from integer,
  live_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, version)
);
-- The pending versions (started timers at every instance's start).
CREATE INDEX tenant_versions_pending_idx ON tenant_versions (go_live_at) WHERE status = 'pending';

-- A tenant's head: the version live for everyone (null: the tenant file is served) and the version
-- being rolled out with its share. A publish locks this row (FOR UPDATE), so racing publishes of
-- one tenant take their version numbers one after the other.
CREATE TABLE tenant_heads (
  tenant_id text PRIMARY KEY,
  last_version integer NOT NULL DEFAULT 0,
  live_version integer,
  rollout_version integer,
  rollout_share smallint CHECK (rollout_share BETWEEN 1 AND 99),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Which version served a member's registration (null: the tenant file, or before 0038): the
-- rollout report counts registrations and first deposits per version.
ALTER TABLE members ADD COLUMN tenant_version integer;

-- Visitors per version of a tenant: one count per visitor and version (the visitor's cookie
-- remembers the versions counted), per day.
CREATE TABLE tenant_version_visits (
  tenant_id text NOT NULL,
  version integer NOT NULL,
  day date NOT NULL,
  visitors integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, version, day)
);
