-- The reference social provider (server/domain/social.ts) against account pre-hijacking and login CSRF.

-- An identity proves its mailbox before it opens or signs in to any channel account: whoever types an address they do
-- not read must never be handed the account of that address. Identities opened before this migration never proved
-- theirs, so they start unproven too; their owners prove it the next time they sign in.
ALTER TABLE social_identities ADD COLUMN proven_at INTEGER;          -- null: the mailbox is not proven yet
ALTER TABLE social_identities ADD COLUMN proof_hash TEXT;            -- sha256 of the mailed confirmation token
ALTER TABLE social_identities ADD COLUMN proof_expires_at INTEGER;
CREATE INDEX social_identities_proof ON social_identities (proof_hash);

-- A sign-in started by one browser (the consent page's GET): the consent form is accepted only with the flow's id
-- in both the browser's cookie and the form, so a form posted from another site does nothing. `nonce_hash` is the
-- app's own secret for this sign-in: the code it ends with is traded only with that nonce, so a link to the app's
-- /login?code= made by someone else signs nobody in.
CREATE TABLE social_sign_in_flows (
  id_hash     TEXT PRIMARY KEY,                            -- sha256 of the id the browser holds
  channel_id  INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  provider    TEXT NOT NULL,
  nonce_hash  TEXT NOT NULL,                               -- sha256 of the app's nonce
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
CREATE INDEX social_sign_in_flows_expires ON social_sign_in_flows (expires_at);

-- A code is bound to the flow it was issued in (the callback checks the browser's cookie) and to that flow's nonce
-- (auth/add_session checks the app's). Codes issued before this migration have neither and are refused.
ALTER TABLE session_codes ADD COLUMN flow_hash TEXT;
ALTER TABLE session_codes ADD COLUMN nonce_hash TEXT;
