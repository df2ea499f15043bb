-- Background work that must happen later (payment settlement, trial ends, renewals, clip processing).
-- Kept in the database so it survives a restart; run by server/jobs/scheduler.ts on the API's clock.
CREATE TABLE jobs (
  id          INTEGER PRIMARY KEY,
  kind        TEXT NOT NULL,
  run_at      INTEGER NOT NULL,                            -- unix seconds
  payload     TEXT NOT NULL DEFAULT '{}',                  -- JSON
  attempts    INTEGER NOT NULL DEFAULT 0,
  done_at     INTEGER,
  last_error  TEXT
);
CREATE INDEX jobs_due ON jobs (done_at, run_at);
