-- Daily units per client and bucket (design §6). One row per client, bucket and UTC day; taking a unit is one
-- conditional upsert, so concurrent gateways can never admit more than the limit.
CREATE TABLE daily_usage (
  client_id text    NOT NULL,
  bucket    text    NOT NULL,
  day       date    NOT NULL,
  used      integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (client_id, bucket, day)
);
CREATE INDEX daily_usage_day ON daily_usage (day);

-- Idempotency-Key records (design §3.5): the first answer to a POST, kept 24 hours per client and key.
CREATE TABLE idempotency_keys (
  client_id       text        NOT NULL,
  idempotency_key text        NOT NULL,
  request_hash    text        NOT NULL,
  state           text        NOT NULL CHECK (state IN ('in_flight', 'completed')),
  status          integer,
  headers         text,
  body            bytea,
  created_at      timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  PRIMARY KEY (client_id, idempotency_key)
);
CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);
