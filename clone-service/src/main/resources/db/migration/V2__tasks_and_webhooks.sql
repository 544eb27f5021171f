-- Every piece of asynchronous work of clone-service is one row here (design §9): image tasks (img_), clone renders
-- (vid_, the generated videos) and music tracks (trk_). Workers on any replica claim due rows with
-- SELECT ... FOR UPDATE SKIP LOCKED and hold them by a lease (locked_until + lease_token); every write a worker makes
-- checks the token under a row lock, so a worker whose lease ran out can no longer change the row.
CREATE TABLE clone.tasks (
    id                      varchar(64)  PRIMARY KEY,
    kind                    varchar(16)  NOT NULL CHECK (kind IN ('image', 'video', 'music')),
    purpose                 varchar(16)  NOT NULL,
    client_id               varchar(64)  NOT NULL,
    status                  varchar(16)  NOT NULL CHECK (status IN ('pending', 'running', 'succeeded', 'failed', 'canceled')),
    progress                integer      NOT NULL DEFAULT 0,
    model                   varchar(200) NOT NULL,
    mode                    varchar(32),
    prompt                  text,
    -- What the worker needs: provider arguments, source media ids and URLs (JSON object).
    input                   jsonb        NOT NULL,
    operation               varchar(64)  NOT NULL,
    credits_charged         integer      NOT NULL,
    provider_request_id     varchar(200),
    provider_status_url     text,
    provider_response_url   text,
    provider_cancel_url     text,
    provider_status         varchar(32),
    result_url              text,
    result_media_id         varchar(64),
    result_urls             jsonb,
    result_content_type     varchar(100),
    result_duration_seconds double precision,
    result_width            integer,
    result_height           integer,
    image_url               text,
    error_code              varchar(64),
    error_message           text,
    attempts                integer      NOT NULL DEFAULT 0,
    polls                   integer      NOT NULL DEFAULT 0,
    next_attempt_at         timestamptz  NOT NULL,
    locked_until            timestamptz,
    lease_token             varchar(64),
    webhook_url             text,
    -- none: nothing to give back; due: failed or canceled, refund not yet confirmed by billing; done: refunded.
    refund_state            varchar(8)   NOT NULL DEFAULT 'none' CHECK (refund_state IN ('none', 'due', 'done')),
    created_at              timestamptz  NOT NULL,
    updated_at              timestamptz  NOT NULL,
    finished_at             timestamptz
);

CREATE INDEX tasks_due ON clone.tasks (next_attempt_at) WHERE status IN ('pending', 'running');
CREATE INDEX tasks_refund_due ON clone.tasks (updated_at) WHERE refund_state = 'due';
CREATE INDEX tasks_list ON clone.tasks (client_id, kind, created_at DESC, id DESC);

-- A signed POST to a task's webhookUrl when it finishes; retried with backoff, claimed like tasks.
CREATE TABLE clone.webhook_deliveries (
    id               varchar(64)  PRIMARY KEY,
    task_id          varchar(64)  NOT NULL REFERENCES clone.tasks (id),
    url              text         NOT NULL,
    event            varchar(64)  NOT NULL,
    body             text         NOT NULL,
    status           varchar(16)  NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts         integer      NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz  NOT NULL,
    locked_until     timestamptz,
    last_status_code integer,
    last_error       text,
    created_at       timestamptz  NOT NULL,
    delivered_at     timestamptz
);

CREATE INDEX webhook_deliveries_due ON clone.webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE UNIQUE INDEX webhook_deliveries_once ON clone.webhook_deliveries (task_id, event);

-- One row per HTTP attempt of a delivery: what the receiver answered, or why it could not be reached.
CREATE TABLE clone.webhook_attempts (
    id           bigserial    PRIMARY KEY,
    delivery_id  varchar(64)  NOT NULL REFERENCES clone.webhook_deliveries (id),
    attempt      integer      NOT NULL,
    status_code  integer,
    error        text,
    duration_ms  integer      NOT NULL,
    attempted_at timestamptz  NOT NULL
);

CREATE INDEX webhook_attempts_delivery ON clone.webhook_attempts (delivery_id, attempt);
