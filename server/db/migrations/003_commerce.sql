-- Reference channel API, commerce: offers (packages, passes, subscriptions, coupons), orders, payments, saved cards
-- and the viewer's subscriptions. Money is integer cents; times are unix seconds (UTC).
-- Card data is limited to what Stripe exposes to a merchant: brand, last four digits and expiry. Never the number
-- or the CVC.

-- Packages and passes (SPEC.md §3). A single-event package (`event_id` set) prices one paid event; the event
-- points back at it with events.single_event_package_id, and it is bought as an event order.
CREATE TABLE packages (
  id            INTEGER PRIMARY KEY,
  channel_id    INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  name          TEXT NOT NULL,
  description   TEXT NOT NULL DEFAULT '',
  type          TEXT NOT NULL CHECK (type IN ('free', 'paid', 'register', 'ppv')),
  base_price    INTEGER NOT NULL DEFAULT 0 CHECK (base_price >= 0),
  service_fee   INTEGER NOT NULL DEFAULT 0 CHECK (service_fee >= 0),
  is_team_pass  INTEGER NOT NULL DEFAULT 0,
  weight        INTEGER NOT NULL DEFAULT 0,
  offer         TEXT CHECK (offer IN ('annual', 'other')),
  period        TEXT CHECK (period IN ('annual', 'month', 'monthly')),      -- NULL: access does not lapse
  event_id      INTEGER REFERENCES events(id) ON DELETE CASCADE
);
CREATE INDEX packages_channel ON packages (channel_id, weight);

CREATE TABLE package_categories (
  package_id         INTEGER NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
  event_category_id  INTEGER NOT NULL REFERENCES event_categories(id) ON DELETE CASCADE,
  position           INTEGER NOT NULL,
  PRIMARY KEY (package_id, event_category_id)
);

-- Team pass: the teams a buyer may choose from.
CREATE TABLE package_participants (
  package_id      INTEGER NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
  participant_id  INTEGER NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
  position        INTEGER NOT NULL,
  PRIMARY KEY (package_id, participant_id)
);

-- Subscription plans. Every plan gives access to every event of its channel while a paid order of it is active.
CREATE TABLE subscriptions (
  id            INTEGER PRIMARY KEY,
  channel_id    INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  name          TEXT NOT NULL,
  description   TEXT NOT NULL DEFAULT '',
  base_price    INTEGER NOT NULL CHECK (base_price >= 0),
  service_fee   INTEGER NOT NULL DEFAULT 0 CHECK (service_fee >= 0),
  offer         TEXT NOT NULL CHECK (offer IN ('annual', 'other')),
  period        TEXT NOT NULL CHECK (period IN ('annual', 'month', 'monthly')),
  trial_period  INTEGER NOT NULL DEFAULT 0 CHECK (trial_period >= 0),   -- free days; 0: no trial
  weight        INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE coupons (
  id             INTEGER PRIMARY KEY,
  channel_id     INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  code           TEXT NOT NULL COLLATE NOCASE,
  discount_type  TEXT NOT NULL CHECK (discount_type IN ('percent', 'amount')),
  discount       INTEGER NOT NULL CHECK (discount > 0),                 -- percent 1..100, or cents
  applies_to     TEXT NOT NULL CHECK (applies_to IN ('all', 'event', 'package', 'subscription')),
  expires_at     INTEGER,                                               -- NULL: never
  UNIQUE (channel_id, code)
);

-- Saved cards (payment methods), one row per card a viewer saved.
CREATE TABLE cards (
  id              TEXT PRIMARY KEY,                                     -- pm_...
  user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  brand           TEXT NOT NULL,
  last4           TEXT NOT NULL,
  exp_month       INTEGER NOT NULL,
  exp_year        INTEGER NOT NULL,
  -- What the reference processor answers when this card is charged later: NULL succeeds, otherwise the decline
  -- code (Stripe's 4000 0000 0000 0341 saves fine and then declines).
  charge_decline  TEXT,
  is_default      INTEGER NOT NULL DEFAULT 0,
  created_at      INTEGER NOT NULL
);
CREATE INDEX cards_user ON cards (user_id);

CREATE TABLE setup_intents (
  id              TEXT PRIMARY KEY,                                     -- seti_...
  user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret_hash     TEXT NOT NULL,                                        -- sha256 of the client secret
  card_id         TEXT REFERENCES cards(id) ON DELETE SET NULL,         -- set once it succeeded
  created_at      INTEGER NOT NULL,
  succeeded_at    INTEGER
);

-- What a viewer bought. `activity_status` is derived: active while paid and before expires_at.
CREATE TABLE orders (
  id                  INTEGER PRIMARY KEY,
  user_id             INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type                TEXT NOT NULL CHECK (type IN ('event', 'package', 'subscription')),
  product_id          INTEGER NOT NULL,                                 -- the event, package or subscription
  product_name        TEXT NOT NULL,                                    -- as it was named when bought
  package_id          INTEGER,                                          -- event orders: the single-event package
  event_category_id   INTEGER,                                          -- event orders: the event's category
  participant_id      INTEGER,                                          -- team-pass orders: the chosen team
  status              TEXT NOT NULL CHECK (status IN ('processing', 'paid', 'failed', 'refunded')),
  amount              INTEGER NOT NULL CHECK (amount >= 0),             -- charged, after the discount, with the fee
  service_fee         INTEGER NOT NULL DEFAULT 0,
  discount            INTEGER NOT NULL DEFAULT 0,
  coupon              TEXT,
  currency            TEXT NOT NULL,
  subscription_event  TEXT CHECK (subscription_event IN ('created', 'updated')),
  created_at          INTEGER NOT NULL,
  paid_at             INTEGER,
  failure_reason      TEXT,
  expires_at          INTEGER                                           -- NULL: access does not lapse
);
CREATE INDEX orders_user ON orders (user_id, created_at);

-- One charge of an order (a payment intent): created, then paid or failed once confirmed and settled.
CREATE TABLE transactions (
  id              INTEGER PRIMARY KEY,
  order_id        INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  intent_id       TEXT NOT NULL UNIQUE,                                 -- pi_...
  secret_hash     TEXT,                                                 -- sha256 of the client secret; NULL for off-session charges
  amount          INTEGER NOT NULL,
  currency        TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('created', 'failed', 'paid', 'refunded')),
  card_id         TEXT,                                                 -- the saved card charged, if any
  card_brand      TEXT,
  card_last4      TEXT,
  card_exp_month  INTEGER,
  card_exp_year   INTEGER,
  save_card       INTEGER NOT NULL DEFAULT 0,
  decline_code    TEXT,                                                 -- the processor's answer, known at confirmation
  failure_reason  TEXT,
  created_at      INTEGER NOT NULL,
  confirmed_at    INTEGER,
  settled_at      INTEGER
);
CREATE INDEX transactions_user ON transactions (user_id, created_at);

-- A viewer's standing with a subscription plan: renewal, trial and the current period.
CREATE TABLE user_subscriptions (
  id                  INTEGER PRIMARY KEY,
  user_id             INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscription_id     INTEGER NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
  status              TEXT NOT NULL CHECK (status IN ('expired', 'inactive', 'active', 'canceled')),
  auto_renew          INTEGER NOT NULL DEFAULT 1,
  current_period_end  INTEGER NOT NULL,
  trial_ends_at       INTEGER,
  card_id             TEXT REFERENCES cards(id) ON DELETE SET NULL,     -- charged at each renewal
  updated_at          INTEGER NOT NULL,
  UNIQUE (user_id, subscription_id)
);
