-- Clients are the principals; keys come and go (design §5).
CREATE TABLE clients (
  id             text PRIMARY KEY,
  recovery_email text UNIQUE,
  operation_id   text UNIQUE,
  created_at     timestamptz NOT NULL
);

-- Only a key's SHA-256 is stored; the key itself is shown once.
CREATE TABLE api_keys (
  id                text PRIMARY KEY,
  client_id         text NOT NULL REFERENCES clients (id),
  key_hash          text NOT NULL UNIQUE,
  kind              text NOT NULL CHECK (kind IN ('anonymous', 'live')),
  scopes            text NOT NULL,
  status            text NOT NULL CHECK (status IN ('active', 'revoked', 'replaced')),
  expires_at        timestamptz,
  created_at        timestamptz NOT NULL,
  ended_at          timestamptz,
  first_verified_at timestamptz,
  last_used_at      timestamptz
);
CREATE INDEX api_keys_client ON api_keys (client_id);

-- A registration and its claim token (stored hashed: the token lets its holder claim the client).
CREATE TABLE registrations (
  id                text PRIMARY KEY,
  client_id         text NOT NULL REFERENCES clients (id),
  registration_type text NOT NULL CHECK (registration_type IN ('anonymous', 'email-verification')),
  claim_token_hash  text NOT NULL UNIQUE,
  claim_expires_at  timestamptz NOT NULL,
  email             text,
  anonymous_key_id  text,
  claimed_at        timestamptz,
  created_at        timestamptz NOT NULL
);

-- One-time codes for claims and recoveries: salted SHA-256, a life, an attempt count.
CREATE TABLE one_time_codes (
  id              text PRIMARY KEY,
  purpose         text NOT NULL CHECK (purpose IN ('claim', 'recovery')),
  registration_id text REFERENCES registrations (id),
  client_id       text NOT NULL REFERENCES clients (id),
  email           text NOT NULL,
  code_salt       text NOT NULL,
  code_hash       text NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  voided_at       timestamptz,
  created_at      timestamptz NOT NULL
);
CREATE INDEX one_time_codes_registration ON one_time_codes (registration_id, created_at DESC);
CREATE INDEX one_time_codes_email ON one_time_codes (email, purpose, created_at DESC);

-- Registrations and recovery requests per source address per hour (one conditional upsert each, exact across
-- replicas).
CREATE TABLE address_windows (
  address      text        NOT NULL,
  window_start timestamptz NOT NULL,
  count        integer     NOT NULL,
  PRIMARY KEY (address, window_start)
);
