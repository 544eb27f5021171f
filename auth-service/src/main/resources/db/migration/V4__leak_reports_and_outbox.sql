-- Reports of leaked keys (POST /v1/api_keys/revoke_leaked), waiting for the worker that revokes them after the
-- answer (leaks/LeakRevocations, claimed with platform WorkQueue). Every well-formed report is one row, whether or not
-- it names a key: key_id is the key its hash named when reported (null for an unknown key), so the request's work is
-- the same for every key and the queue never holds a key or a hash. A row is deleted once its report is handled.
CREATE TABLE leak_reports (
  id           text        PRIMARY KEY,
  position     bigint      GENERATED ALWAYS AS IDENTITY UNIQUE,
  key_id       text,
  reported_at  timestamptz NOT NULL,
  locked_until timestamptz
);

-- Events auth raises (key.revoked; platform events/Outbox): written in the transaction that revokes, relayed to
-- records at least once (OutboxRelay), kept 24 h after relay (docs/internal-api.md §3.17).
CREATE TABLE outbox (
  id           varchar(64)  PRIMARY KEY,
  position     bigint       GENERATED ALWAYS AS IDENTITY UNIQUE,
  job_id       varchar(64),
  client_id    varchar(64)  NOT NULL,
  seq          bigint,
  type         varchar(64)  NOT NULL,
  payload      jsonb        NOT NULL,
  webhook_url  text,
  created_at   timestamptz  NOT NULL,
  relayed_at   timestamptz,
  locked_until timestamptz
);
CREATE UNIQUE INDEX outbox_job_seq ON outbox (job_id, seq) WHERE job_id IS NOT NULL;
CREATE INDEX outbox_unrelayed ON outbox (position) WHERE relayed_at IS NULL;
CREATE INDEX outbox_relayed ON outbox (relayed_at) WHERE relayed_at IS NOT NULL;
