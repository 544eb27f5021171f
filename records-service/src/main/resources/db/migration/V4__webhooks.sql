-- Webhooks (docs/jobs.md "Webhooks", docs/records-service.md): a client's endpoints, the events records was handed
-- (once each: the table is the dedupe of POST /internal/events), and one delivery per event and receiver, which is
-- also the delivery log. No secret is stored anywhere: an endpoint's is derived from the suite webhook key, its id and
-- its generation (platform WebhookSecrets), a one-off receiver's from the key and the job id.

CREATE TABLE records.webhook_endpoints (
    id                   varchar(64)  PRIMARY KEY,                 -- whk_…
    client_id            varchar(64)  NOT NULL,
    url                  text         NOT NULL,
    events               jsonb        NOT NULL,                    -- the subscribed event types, as given
    status               varchar(16)  NOT NULL,                    -- enabled | disabled
    disabled_reason      varchar(16),                              -- gone (410) | failing (retries ran out)
    generation           bigint       NOT NULL DEFAULT 1,          -- of the secret; raised by every rotation
    previous_signs_until timestamptz,                              -- the generation before signs too until then
    created_at           timestamptz  NOT NULL,
    updated_at           timestamptz  NOT NULL
);
CREATE INDEX webhook_endpoints_client ON records.webhook_endpoints (client_id, created_at DESC, id DESC);

CREATE TABLE records.webhook_events (
    id          varchar(64)  PRIMARY KEY,                          -- evt_…, the webhook-id of every delivery of it
    type        varchar(64)  NOT NULL,
    client_id   varchar(64)  NOT NULL,
    job_id      varchar(64),
    seq         bigint,
    occurred_at timestamptz  NOT NULL,
    body        text         NOT NULL,                             -- {"type","timestamp","data"}, sent byte for byte
    fanned_out  boolean      NOT NULL,                             -- false: a job.progress dropped by the throttle
    received_at timestamptz  NOT NULL
);
CREATE INDEX webhook_events_job ON records.webhook_events (job_id, occurred_at) WHERE job_id IS NOT NULL;
CREATE INDEX webhook_events_received ON records.webhook_events (received_at);

CREATE TABLE records.webhook_deliveries (
    id               varchar(64)  PRIMARY KEY,                     -- dlv_…
    event_id         varchar(64)  NOT NULL REFERENCES records.webhook_events (id) ON DELETE CASCADE,
    endpoint_id      varchar(64)  REFERENCES records.webhook_endpoints (id) ON DELETE CASCADE, -- null: one-off
    client_id        varchar(64)  NOT NULL,
    url              text,                                         -- a one-off receiver's; endpoints use their own
    status           varchar(16)  NOT NULL,                        -- pending | delivered | failed
    attempts         integer      NOT NULL DEFAULT 0,
    last_status_code integer,
    last_error       text,
    last_response    text,                                         -- the receiver's answer, at most 4 KiB
    next_attempt_at  timestamptz,
    give_up_at       timestamptz  NOT NULL,                        -- retried until then, then failed
    created_at       timestamptz  NOT NULL,
    last_attempt_at  timestamptz,
    delivered_at     timestamptz,
    locked_until     timestamptz                                   -- an attempt in flight (WorkQueue lease)
);
CREATE INDEX webhook_deliveries_due ON records.webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON records.webhook_deliveries (endpoint_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event ON records.webhook_deliveries (event_id);
