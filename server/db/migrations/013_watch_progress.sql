-- Continue watching (README "Continue watching"): where a viewer stopped in a replay or a library video, one row per
-- viewer and item, so the position follows them to another browser. A finished item's row is deleted, not flagged:
-- the row is the "unfinished" fact itself.
CREATE TABLE watch_progress (
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_type   TEXT NOT NULL CHECK (item_type IN ('event', 'vod_item')),
  item_id     INTEGER NOT NULL,
  position    REAL NOT NULL,                               -- seconds into the video
  duration    REAL NOT NULL,                               -- seconds, as the player measured the video
  updated_at  INTEGER NOT NULL,
  PRIMARY KEY (user_id, item_type, item_id)
);
-- The row's order: most recently watched first.
CREATE INDEX watch_progress_recent ON watch_progress (user_id, updated_at);
