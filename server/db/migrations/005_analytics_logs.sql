-- The analytics service and the log service (SPEC.md §7; separate hosts in production, mounted at /analytics and
-- /log-service by the reference API). Both keep what they receive so tests and product owners can read it back.
-- Times are unix seconds (UTC) on the API's clock. Every row records the channel it belongs to: analytics rows by
-- the `profile` key (the channel's product_analytics_key), log entries by the `channel` field (a channel key or alias).

-- One analytics session per hash (GET /datalake/hash/ hands it out, POST /datalake/session/ records it). Events may
-- name it as `session_uuid` until it expires, 24 hours after it was recorded (SPEC.md §9).
CREATE TABLE analytics_sessions (
  id            INTEGER PRIMARY KEY,
  channel_id    INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  hash          TEXT NOT NULL UNIQUE,                      -- lower-case uuid
  ip            TEXT,                                      -- as reported by the client (from GET /geo); NULL when unknown
  device_type   TEXT NOT NULL,                             -- desktop | tablet | mobile
  user_agent    TEXT NOT NULL,                             -- percent-encoded, as sent
  resolution    TEXT NOT NULL,                             -- e.g. 1920x1080
  platform      TEXT NOT NULL,                             -- web
  origin_url    TEXT NOT NULL,
  outer_source  TEXT,                                      -- the outer tracker (trk), when set
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL                           -- created_at + 86400
);
CREATE INDEX analytics_sessions_channel ON analytics_sessions (channel_id, created_at);

-- login, visit_page and api_request events. The columns of the other kinds stay NULL.
CREATE TABLE analytics_events (
  id               INTEGER PRIMARY KEY,
  channel_id       INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  session_id       INTEGER NOT NULL REFERENCES analytics_sessions(id) ON DELETE CASCADE,
  event            TEXT NOT NULL,                          -- login | visit_page | api_request
  user_id          INTEGER,                                -- as reported; the analytics service does not know the users
  user_email       TEXT,
  title            TEXT,                                   -- visit_page
  location         TEXT,                                   -- visit_page
  path             TEXT,                                   -- visit_page
  sub_event        TEXT,                                   -- api_request
  request_url      TEXT,                                   -- api_request
  error            TEXT,                                   -- api_request; NULL on success
  status           INTEGER,                                -- api_request
  response_length  INTEGER,                                -- api_request
  total_length     INTEGER,                                -- api_request
  origin_url       TEXT NOT NULL,
  outer_source     TEXT,
  received_at      INTEGER NOT NULL
);
CREATE INDEX analytics_events_channel ON analytics_events (channel_id, id);
CREATE INDEX analytics_events_session ON analytics_events (session_id, id);

-- One playback (video_view_uuid, made by the client), started by its first video event, for one stream.
CREATE TABLE video_views (
  id           INTEGER PRIMARY KEY,
  channel_id   INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  session_id   INTEGER NOT NULL REFERENCES analytics_sessions(id) ON DELETE CASCADE,  -- where the view started
  uuid         TEXT NOT NULL UNIQUE,                       -- lower-case uuid
  stream_id    INTEGER NOT NULL,
  stream_type  TEXT NOT NULL,                              -- live | vod | clip | preroll
  started_at   INTEGER NOT NULL
);
CREATE INDEX video_views_channel ON video_views (channel_id, id);

CREATE TABLE video_events (
  id             INTEGER PRIMARY KEY,
  channel_id     INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  view_id        INTEGER NOT NULL REFERENCES video_views(id) ON DELETE CASCADE,
  session_id     INTEGER NOT NULL REFERENCES analytics_sessions(id) ON DELETE CASCADE,  -- the event's own session
  event          TEXT NOT NULL,                            -- first_frame | play | pause | ended | error
  position       REAL,                                     -- seconds into the stream
  error_message  TEXT,                                     -- event error only
  user_id        INTEGER,
  user_email     TEXT,
  origin_url     TEXT NOT NULL,
  outer_source   TEXT,
  received_at    INTEGER NOT NULL
);
CREATE INDEX video_events_channel ON video_events (channel_id, id);
CREATE INDEX video_events_view ON video_events (view_id, id);

-- Each report of how long a view has been watched so far (the client reports repeatedly; the latest is the total).
CREATE TABLE video_viewings (
  id            INTEGER PRIMARY KEY,
  channel_id    INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  view_id       INTEGER NOT NULL REFERENCES video_views(id) ON DELETE CASCADE,
  viewing_time  INTEGER NOT NULL,                          -- seconds
  category      TEXT,
  sport         TEXT,
  gender        TEXT,                                      -- male | female | NULL
  school        TEXT,
  league        TEXT,
  origin_url    TEXT NOT NULL,
  outer_source  TEXT,
  received_at   INTEGER NOT NULL
);
CREATE INDEX video_viewings_channel ON video_viewings (channel_id, id);
CREATE INDEX video_viewings_view ON video_viewings (view_id, id);

-- Failed calls reported by the app (POST /logs). Never written for the log service's own failures.
CREATE TABLE log_entries (
  id            INTEGER PRIMARY KEY,
  channel_id    INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  channel       TEXT NOT NULL,                             -- the channel key or alias as sent
  date          TEXT NOT NULL,                             -- ISO 8601, as reported by the client
  status        INTEGER NOT NULL,                          -- the failed call's HTTP status; 0 without a response
  service       TEXT NOT NULL,
  message       TEXT NOT NULL,
  request_data  TEXT,                                      -- JSON text, as sent
  url           TEXT NOT NULL,
  received_at   INTEGER NOT NULL
);
CREATE INDEX log_entries_channel ON log_entries (channel_id, received_at);
CREATE INDEX log_entries_received ON log_entries (received_at);
