-- Game catalogue, lobby data and the in-house slot's bets.
-- Vendors are the platform's; games, categories, hot matches, winners and the jackpot are per
-- merchant (seeded from one deterministic catalogue, server/db/seed-games.ts). Money is bigint
-- minor units, as in the ledger.

CREATE TABLE game_vendors (
  code text PRIMARY KEY,
  name text NOT NULL,
  account_type_name text NOT NULL,
  -- Lottery vendors: the prize mode and lotto mode of their lobby (launch with code "lobby").
  prize_mode text,
  lotto_mode text,
  sort integer NOT NULL DEFAULT 0
);

-- One row per vendor and game type inside a lobby category of a merchant (the spec's
-- "vendor category entry": gameCategory with vendorNames [{ gameType, vassalage, accountTypeName }]).
CREATE TABLE vendor_categories (
  merchant_code text NOT NULL REFERENCES merchants(code),
  game_category text NOT NULL,
  game_type text NOT NULL,
  vassalage text NOT NULL REFERENCES game_vendors(code),
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, game_category, game_type, vassalage)
);

CREATE TABLE games (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  node_id integer NOT NULL,
  vassalage text NOT NULL REFERENCES game_vendors(code),
  game_type text NOT NULL,
  game_id text NOT NULL,
  room_id text,
  name_en text NOT NULL,
  name_ty text NOT NULL,
  -- Lower-cased names of every language: what the game-name search matches.
  search_text text NOT NULL,
  slot_type text,
  is_new boolean NOT NULL DEFAULT false,
  is_hot boolean NOT NULL DEFAULT false,
  hot_rank integer,
  min_bet bigint NOT NULL DEFAULT 1 CHECK (min_bet > 0),
  min_line integer NOT NULL DEFAULT 1 CHECK (min_line > 0),
  support_play boolean NOT NULL DEFAULT false,
  prize_mode text,
  lotto_mode text,
  icon_url text NOT NULL,
  mobile_small_icon text NOT NULL,
  mobile_large_icon text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX games_node_uq ON games (merchant_code, node_id);
-- The lobby's reads: by type, by vendor, new, hot; each in display order.
CREATE INDEX games_type_idx ON games (merchant_code, game_type, sort, id) WHERE enabled;
CREATE INDEX games_vendor_idx ON games (merchant_code, vassalage, game_type, sort, id) WHERE enabled;
CREATE INDEX games_new_idx ON games (merchant_code, game_type, sort, id) WHERE enabled AND is_new;
CREATE INDEX games_hot_idx ON games (merchant_code, game_type, hot_rank) WHERE enabled AND is_hot;
CREATE INDEX games_prize_mode_idx ON games (merchant_code, prize_mode, sort, id) WHERE enabled AND prize_mode IS NOT NULL;
-- Icons are looked up by node id alone (the catalogue's node ids are the same for every merchant).
CREATE INDEX games_node_idx ON games (node_id);

-- Substring search on names: a trigram index when pg_trgm can be installed (PGlite bundles it;
-- on PostgreSQL it is a trusted extension). Without it the search still works, by scanning the
-- merchant's rows. The lock keeps two schemas of one database from installing it at once.
SELECT pg_advisory_xact_lock(hashtext('wl-extension:pg_trgm'));
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable (%): game-name search runs without its index', SQLERRM;
END $$;
DO $$
DECLARE ns text;
BEGIN
  SELECT n.nspname INTO ns FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF ns IS NOT NULL THEN
    EXECUTE format('CREATE INDEX games_search_idx ON games USING gin (search_text %I.gin_trgm_ops)', ns);
  END IF;
END $$;

CREATE TABLE game_favourites (
  member_id bigint NOT NULL REFERENCES members(id),
  merchant_code text NOT NULL,
  node_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id),
  FOREIGN KEY (merchant_code, node_id) REFERENCES games (merchant_code, node_id)
);
CREATE INDEX game_favourites_list_idx ON game_favourites (member_id, created_at DESC);

-- One row per member and game: the latest play.
CREATE TABLE game_recent (
  member_id bigint NOT NULL REFERENCES members(id),
  merchant_code text NOT NULL,
  node_id integer NOT NULL,
  played_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id),
  FOREIGN KEY (merchant_code, node_id) REFERENCES games (merchant_code, node_id)
);
CREATE INDEX game_recent_list_idx ON game_recent (member_id, played_at DESC);

CREATE TABLE hot_matches (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  match_time timestamptz NOT NULL,
  league text NOT NULL,
  home_team text NOT NULL,
  away_team text NOT NULL,
  home_team_image_url text NOT NULL,
  away_team_image_url text NOT NULL,
  vendor text NOT NULL REFERENCES game_vendors(code),
  room_id text NOT NULL,
  node_id integer NOT NULL,
  support_play boolean NOT NULL DEFAULT false,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX hot_matches_merchant_idx ON hot_matches (merchant_code, sort, id);

CREATE TABLE game_winners (
  id bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchants(code),
  node_id integer,
  icon_url text NOT NULL,
  -- Masked when written (ab***yz): the board is public.
  customer_name text NOT NULL,
  game_name text NOT NULL,
  win_amount bigint NOT NULL CHECK (win_amount > 0),
  currency text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_winners_rank_idx ON game_winners (merchant_code, win_amount DESC, id DESC);

-- The jackpot grows linearly from base_amount at per_second minor units a second since started_at.
CREATE TABLE jackpots (
  merchant_code text PRIMARY KEY REFERENCES merchants(code),
  currency text NOT NULL,
  base_amount bigint NOT NULL,
  per_second bigint NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now()
);

-- LAUNCH: short-lived, single use, carried in a game's launch URL. PLAY: what the in-house game
-- exchanged it for; valid while the member session that launched the game is.
CREATE TABLE game_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('LAUNCH', 'PLAY')),
  member_id bigint NOT NULL REFERENCES members(id),
  session_hash text NOT NULL REFERENCES sessions(token_hash),
  merchant_code text NOT NULL,
  -- NULL: a vendor's lobby.
  node_id integer,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_tokens_member_idx ON game_tokens (member_id, kind, expires_at);

-- Bets of the in-house games, for the betting record and profit-and-loss screens. Written in the
-- transaction of their ledger postings.
CREATE TABLE bets (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  merchant_code text NOT NULL REFERENCES merchants(code),
  node_id integer NOT NULL,
  vassalage text NOT NULL,
  game_type text NOT NULL,
  currency text NOT NULL,
  stake bigint NOT NULL CHECK (stake > 0),
  win bigint NOT NULL CHECK (win >= 0),
  outcome jsonb NOT NULL,
  ledger_transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bets_member_idx ON bets (member_id, id DESC);
