-- Clips and the use of counted features (SPEC.md §3 Clip, featureCount; §4 clip creation).

CREATE TABLE clips (
  id              INTEGER PRIMARY KEY,
  uuid            TEXT NOT NULL UNIQUE,                    -- public id: share page, playlist and file names
  user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event_id        INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  name            TEXT NOT NULL,
  start_time      INTEGER NOT NULL,                        -- seconds from the event's start
  duration        INTEGER NOT NULL,                        -- seconds
  tags            TEXT NOT NULL,                           -- JSON list of strings
  status          TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processed', 'failed')),
  created_at      INTEGER NOT NULL,
  processed_at    INTEGER,                                 -- when it became processed or failed
  failure_reason  TEXT,
  segments        TEXT                                     -- once processed: JSON list of [offset, bytes] of each
                                                           -- 2-second segment in the clip's file
);
CREATE INDEX clips_user ON clips (user_id, created_at);
CREATE INDEX clips_event ON clips (event_id, user_id);

-- One row per use of a counted feature. Kept when the clip it counts is deleted: a use is not given back.
CREATE TABLE feature_uses (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  feature     TEXT NOT NULL CHECK (feature IN ('clip', 'download', 'clip_download')),
  subject_id  INTEGER NOT NULL,                            -- the clip's or the event's id
  created_at  INTEGER NOT NULL
);
CREATE INDEX feature_uses_user ON feature_uses (user_id, feature);
