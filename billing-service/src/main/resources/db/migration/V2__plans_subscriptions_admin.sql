-- Plans are data (design §7): one plan today, "pro", with its daily limits per bucket (design §6).
CREATE TABLE plans (
  plan            text PRIMARY KEY,
  price_cents     integer NOT NULL CHECK (price_cents >= 0),
  currency        text    NOT NULL,
  billing_interval text   NOT NULL,
  monthly_credits integer NOT NULL CHECK (monthly_credits >= 0),
  daily_limits    jsonb   NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
INSERT INTO plans (plan, price_cents, currency, billing_interval, monthly_credits, daily_limits) VALUES
  ('pro', 9900, 'usd', 'month', 500,
   '{"watch": 50, "extract": 100, "transcribe": 30, "check": 100, "compliance.video": 20, "compliance.prompt": 100,
     "overlay": 50, "scrape": 500, "download": 100, "clone": 20, "posts.create": 200, "upload": 100,
     "upload.url": 100, "images.generate": 100}');

-- What each credit-charging operation costs (docs/internal-api.md §3.4.4). A clone render is the dearest: it is a
-- minute of a motion-control video model; an image costs more as its resolution grows.
CREATE TABLE operation_prices (
  operation      text PRIMARY KEY,
  unit           text    NOT NULL,
  credits        integer NOT NULL CHECK (credits >= 0),
  variant_by     text,
  default_variant text,
  variants       jsonb,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
INSERT INTO operation_prices (operation, unit, credits, variant_by, default_variant, variants) VALUES
  ('image.generate', 'image', 4, 'resolution', '1K', '{"1K": 4, "2K": 6, "4K": 10}'),
  ('clone.render', 'render', 60, NULL, NULL, NULL),
  ('account.create', 'account', 10, NULL, NULL, NULL),
  ('music.generate', 'track', 8, NULL, NULL, NULL);

-- One subscription per client. Provider columns are filled by checkout (Stripe or local) in a later migration's
-- features; an operator grant leaves them empty.
CREATE TABLE subscriptions (
  client_id        text PRIMARY KEY,
  plan             text NOT NULL REFERENCES plans (plan),
  status           text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled', 'expired')),
  period_end       timestamptz NOT NULL,
  grace_end        timestamptz,
  provider         text,
  provider_subscription_id text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- Operator commands, kept so that a retried command (same operationId) applies once (docs/internal-api.md §3.5).
CREATE TABLE admin_operations (
  operation_id  text PRIMARY KEY,
  command       text NOT NULL,
  request_hash  text NOT NULL,
  client_id     text NOT NULL,
  actor         text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
