-- Mail to one address is limited (server/domain/mail-limits.ts): what went to an address lately is counted per
-- request, so it is read by address, whatever case the request typed it in.
CREATE INDEX outbox_recipient ON outbox (channel_id, email COLLATE NOCASE, created_at);

-- Mails the limit held back, per address and kind (the first kind of the group counted together). Counting them
-- costs a held-back request one write, as a sent mail costs one, so its time does not tell it apart; it also shows an
-- operator whose mailbox someone tried to flood.
CREATE TABLE outbox_held (
  channel_id    INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  email         TEXT NOT NULL,                              -- lower-cased
  kind          TEXT NOT NULL,
  held          INTEGER NOT NULL,
  last_held_at  INTEGER NOT NULL,
  PRIMARY KEY (channel_id, email, kind)
);
