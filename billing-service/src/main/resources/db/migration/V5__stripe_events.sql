-- Stripe webhook events already processed (each exactly once), and the newest provider event applied to a
-- subscription, so an event that arrives late never undoes a newer one.
CREATE TABLE stripe_events (
  id           text PRIMARY KEY,
  type         text NOT NULL,
  created_at   timestamptz NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE subscriptions ADD COLUMN provider_event_at timestamptz;
CREATE UNIQUE INDEX subscriptions_provider_subscription ON subscriptions (provider_subscription_id)
  WHERE provider_subscription_id IS NOT NULL;
