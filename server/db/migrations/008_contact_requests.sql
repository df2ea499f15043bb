-- Messages sent from the contact page (POST /contact-requests), signed in or not. The same request sent again
-- the same day (same channel, email, subject and message) is the one already received: `fingerprint` is unique per
-- channel, so a double click or a resent form is stored once.
CREATE TABLE contact_requests (
  id           INTEGER PRIMARY KEY,
  channel_id   INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  user_id      INTEGER REFERENCES users(id) ON DELETE SET NULL,  -- the viewer who sent it, when signed in
  name         TEXT NOT NULL,
  email        TEXT NOT NULL,
  phone        TEXT,
  subject      TEXT,
  message      TEXT NOT NULL,
  fingerprint  TEXT NOT NULL,                                    -- sha256 of lower-cased email, subject, message and the day
  created_at   INTEGER NOT NULL,
  UNIQUE (channel_id, fingerprint)
);
