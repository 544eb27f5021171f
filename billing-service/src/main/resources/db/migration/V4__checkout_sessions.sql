-- Checkout sessions (design §7): a subscription bought with or without a key. A keyless checkout mints a client
-- through auth-service when it completes; the key is kept encrypted here only until credits/status hands it out once.
CREATE TABLE checkout_sessions (
  id                       text PRIMARY KEY,
  client_id                text,
  provider                 text NOT NULL CHECK (provider IN ('local', 'stripe')),
  provider_session_id      text,
  plan                     text NOT NULL REFERENCES plans (plan),
  email                    text,
  status                   text NOT NULL CHECK (status IN ('pending', 'complete', 'expired')),
  created_at               timestamptz NOT NULL,
  expires_at               timestamptz NOT NULL,
  completed_at             timestamptz,
  credential_ciphertext    bytea,
  credential_nonce         bytea,
  credential_delivered_at  timestamptz
);
CREATE INDEX checkout_sessions_pending ON checkout_sessions (expires_at) WHERE status = 'pending';
