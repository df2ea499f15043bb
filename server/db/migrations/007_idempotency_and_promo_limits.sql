-- One charge per intent: idempotent writes, and promo codes limited like real promotion codes.

-- Answers of writes sent with an `Idempotency-Key` header (server/http/idempotency.ts), as Stripe's API keeps them:
-- a repeat of the key with the same request answers the stored status and body without running the operation again;
-- the same key with another request is refused. Only successful answers are kept, for 24 hours. The body is the
-- answer as sent, so a stored purchase holds its client secret until the row goes.
CREATE TABLE idempotency_keys (
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key          TEXT NOT NULL,                              -- as sent: 1..255 printable ASCII characters
  operation    TEXT NOT NULL,                              -- the contract's operationId
  fingerprint  TEXT NOT NULL,                              -- HMAC (channel secret) of the operationId and the canonical JSON body (no api_key)
  status       INTEGER NOT NULL,                           -- 2xx
  body         TEXT NOT NULL,                              -- JSON
  created_at   INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- A redemption is an order with the code that is paid, or processing with its payment confirmed.
ALTER TABLE coupons ADD COLUMN max_redemptions INTEGER CHECK (max_redemptions IS NULL OR max_redemptions > 0);  -- NULL: no cap
ALTER TABLE coupons ADD COLUMN once_per_viewer INTEGER NOT NULL DEFAULT 1;
CREATE INDEX orders_coupon ON orders (coupon) WHERE coupon IS NOT NULL;
