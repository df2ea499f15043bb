-- Account security: the reference social provider's own identities, and the sign-in throttle.

-- The accounts of the reference social provider (server/domain/social.ts). A real provider proves who is signing in;
-- the reference one plays it locally, so it keeps a secret per identity: knowing an address is never enough. An
-- identity belongs to the provider, not to a channel: like a Google account, it can sign in to every channel.
CREATE TABLE social_identities (
  id           INTEGER PRIMARY KEY,
  provider     TEXT NOT NULL,                              -- google | facebook
  email        TEXT NOT NULL,
  name         TEXT NOT NULL,
  secret_hash  TEXT NOT NULL,                              -- scrypt, as users.password_hash
  created_at   INTEGER NOT NULL
);
CREATE UNIQUE INDEX social_identities_provider_email ON social_identities (provider, lower(email));

-- Failed sign-ins per key (server/domain/login-throttle.ts): `account:<channel id>:<email>`, `address:<ip>`,
-- `social:<provider>:<email>`, emails lower-cased. A key is locked until `locked_until` (unix seconds, 0: not locked).
CREATE TABLE login_throttle (
  key              TEXT PRIMARY KEY,
  failures         INTEGER NOT NULL,                       -- consecutive, within the forgetting window
  locked_until     INTEGER NOT NULL DEFAULT 0,
  last_failure_at  INTEGER NOT NULL
);
CREATE INDEX login_throttle_last_failure ON login_throttle (last_failure_at);
