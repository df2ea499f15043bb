-- Reference channel API, part 1: platform, accounts, channel content and catalogue.
-- Times are unix seconds (UTC). JSON columns hold small lists/maps that are read whole.

CREATE TABLE channels (
  id                      INTEGER PRIMARY KEY,
  channel_key             TEXT NOT NULL UNIQUE,
  alias                   TEXT NOT NULL UNIQUE,
  name                    TEXT NOT NULL,
  domains                 TEXT NOT NULL DEFAULT '[]',      -- JSON list of host names served by this channel
  language                TEXT NOT NULL DEFAULT 'en',
  currency                TEXT NOT NULL DEFAULT 'USD',
  country_code            TEXT NOT NULL DEFAULT 'US',      -- home country: where loopback/private viewers are placed
  blocked_countries       TEXT NOT NULL DEFAULT '[]',      -- JSON list of ISO country codes
  logo                    TEXT,
  tag_manager_id          TEXT,
  product_analytics_key   TEXT,
  stripe_publishable_key  TEXT,
  preroll_timeout_ms      INTEGER,                         -- NULL: clients use the 1 hour default
  colors                  TEXT NOT NULL DEFAULT '{}',      -- JSON map of colour setting name -> hex
  secret                  TEXT NOT NULL                    -- signs email links; never leaves the server
);

CREATE TABLE api_keys (
  key         TEXT PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL
);

CREATE TABLE users (
  id                  INTEGER PRIMARY KEY,
  channel_id          INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  email               TEXT NOT NULL COLLATE NOCASE,
  password_hash       TEXT,                                -- NULL for social-only accounts
  first_name          TEXT NOT NULL DEFAULT '',
  last_name           TEXT NOT NULL DEFAULT '',
  phone               TEXT,
  language            TEXT,
  temporary_password  INTEGER NOT NULL DEFAULT 0,
  trial_period_used   INTEGER NOT NULL DEFAULT 0,
  capabilities        TEXT NOT NULL DEFAULT '[]',          -- JSON list, e.g. ["Watch","Clipping"]
  is_geo_blocked      INTEGER NOT NULL DEFAULT 0,
  email_verified_at   INTEGER,
  social_provider     TEXT,
  created_at          INTEGER NOT NULL,
  UNIQUE (channel_id, email)
);

CREATE TABLE user_sessions (
  token_hash  TEXT PRIMARY KEY,                            -- sha256 of the bearer token
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);

-- One-time codes exchanged by auth/add_session (social callback hand-off).
CREATE TABLE session_codes (
  code        TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);

-- Outgoing mail (verification, password reset, account deletion). The reference API does not send mail;
-- it keeps it here and logs the link so a person running it locally can follow it.
CREATE TABLE outbox (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  email       TEXT NOT NULL,
  kind        TEXT NOT NULL,                               -- email_verify | password_reset | account_deletion
  link        TEXT NOT NULL,
  created_at  INTEGER NOT NULL
);


CREATE TABLE menu_items (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  title       TEXT NOT NULL,
  url         TEXT NOT NULL,
  external    INTEGER NOT NULL DEFAULT 0,
  position    INTEGER NOT NULL
);

CREATE TABLE pages (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  alias       TEXT NOT NULL,
  url         TEXT NOT NULL,
  alt_name    TEXT,
  content     TEXT NOT NULL,                               -- HTML
  UNIQUE (channel_id, alias)
);

CREATE TABLE faq_items (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  question    TEXT NOT NULL,
  answer      TEXT NOT NULL,
  position    INTEGER NOT NULL
);

CREATE TABLE static_blocks (
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  block_group TEXT NOT NULL,
  block_key   TEXT NOT NULL,
  content     TEXT NOT NULL,
  PRIMARY KEY (channel_id, block_group, block_key)
);

CREATE TABLE custom_forms (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  alias       TEXT NOT NULL,
  name        TEXT NOT NULL,
  flag        INTEGER NOT NULL DEFAULT 1,                  -- the form is switched on for the channel
  fields      TEXT NOT NULL DEFAULT '[]',                  -- JSON list of FormField
  UNIQUE (channel_id, alias)
);

CREATE TABLE custom_form_submissions (
  form_id     INTEGER NOT NULL REFERENCES custom_forms(id) ON DELETE CASCADE,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  vals        TEXT NOT NULL,                               -- JSON list of FormValue
  updated_at  INTEGER NOT NULL,
  PRIMARY KEY (form_id, user_id)
);

CREATE TABLE participant_groups (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  alias       TEXT NOT NULL,
  image       TEXT,
  properties  TEXT NOT NULL DEFAULT '{}',                  -- JSON map of name -> list of strings
  UNIQUE (channel_id, alias)
);

CREATE TABLE participants (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  group_id    INTEGER REFERENCES participant_groups(id) ON DELETE SET NULL,
  name        TEXT NOT NULL,
  short_name  TEXT NOT NULL,
  alias       TEXT NOT NULL,
  image       TEXT,
  color       TEXT,
  properties  TEXT NOT NULL DEFAULT '{}',                  -- JSON map, e.g. {"gender":["male"],"sport":["hockey"]}
  UNIQUE (channel_id, alias)
);

CREATE TABLE event_categories (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  parent_id   INTEGER REFERENCES event_categories(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  alias       TEXT NOT NULL,
  position    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE locations (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  city        TEXT NOT NULL,
  state       TEXT NOT NULL,
  country     TEXT NOT NULL,
  time_zone   TEXT NOT NULL
);

CREATE TABLE events (
  id                       INTEGER PRIMARY KEY,
  channel_id               INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  name                     TEXT NOT NULL,
  description              TEXT NOT NULL DEFAULT '',
  type                     TEXT NOT NULL CHECK (type IN ('paid', 'free')),
  event_utc_ts             INTEGER NOT NULL,
  duration                 INTEGER NOT NULL,               -- seconds
  time_zone                TEXT NOT NULL,
  event_category_id        INTEGER REFERENCES event_categories(id) ON DELETE SET NULL,
  location_id              INTEGER REFERENCES locations(id) ON DELETE SET NULL,
  home_team_id             INTEGER REFERENCES participants(id) ON DELETE SET NULL,
  away_team_id             INTEGER REFERENCES participants(id) ON DELETE SET NULL,
  base_price               INTEGER NOT NULL DEFAULT 0,     -- cents
  service_fee              INTEGER NOT NULL DEFAULT 0,     -- cents
  single_event_package_id  INTEGER,
  image                    TEXT,
  media_slug               TEXT                            -- which demo stream plays for this event
);
CREATE INDEX events_channel_time ON events (channel_id, event_utc_ts);

CREATE TABLE event_participants (
  event_id        INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  participant_id  INTEGER NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
  PRIMARY KEY (event_id, participant_id)
);

CREATE TABLE slides (
  id             INTEGER PRIMARY KEY,
  channel_id     INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  title          TEXT NOT NULL,
  subtitle       TEXT,
  image          TEXT NOT NULL,
  link           TEXT,
  slidable_type  TEXT NOT NULL CHECK (slidable_type IN ('main', 'category', 'participant', 'group')),
  slidable_id    INTEGER,
  position       INTEGER NOT NULL
);

CREATE TABLE prerolls (
  id                INTEGER PRIMARY KEY,
  channel_id        INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  url               TEXT NOT NULL,
  weight            INTEGER NOT NULL DEFAULT 1,
  location_id       INTEGER REFERENCES locations(id) ON DELETE SET NULL,
  event_categories  TEXT NOT NULL DEFAULT '[]',            -- JSON list of category ids; empty = all
  for_live          INTEGER NOT NULL DEFAULT 1,
  for_vod           INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE vod_categories (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  parent_id   INTEGER REFERENCES vod_categories(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  alias       TEXT NOT NULL
);

CREATE TABLE vod_media (
  id           INTEGER PRIMARY KEY,
  channel_id   INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  category_id  INTEGER REFERENCES vod_categories(id) ON DELETE SET NULL,
  event_id     INTEGER REFERENCES events(id) ON DELETE SET NULL,
  title        TEXT NOT NULL,
  description  TEXT NOT NULL DEFAULT '',
  date         INTEGER NOT NULL,
  duration     INTEGER NOT NULL,                           -- seconds
  assets       TEXT NOT NULL DEFAULT '[]',                 -- JSON list of {type, path}
  media_slug   TEXT
);

CREATE TABLE vod_rails (
  id          INTEGER PRIMARY KEY,
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  title       TEXT NOT NULL,
  position    INTEGER NOT NULL
);

CREATE TABLE vod_rail_items (
  rail_id       INTEGER NOT NULL REFERENCES vod_rails(id) ON DELETE CASCADE,
  vod_media_id  INTEGER NOT NULL REFERENCES vod_media(id) ON DELETE CASCADE,
  position      INTEGER NOT NULL,
  PRIMARY KEY (rail_id, vod_media_id)
);

CREATE TABLE favorites (
  id                INTEGER PRIMARY KEY,
  user_id           INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  favoritable_id    INTEGER NOT NULL,
  favoritable_type  TEXT NOT NULL CHECK (favoritable_type IN ('participant', 'group', 'category')),
  created_at        INTEGER NOT NULL,
  UNIQUE (user_id, favoritable_type, favoritable_id)
);

-- The demo schedule is re-anchored to the wall clock so "live" stays live on every start.
CREATE TABLE meta (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
);
