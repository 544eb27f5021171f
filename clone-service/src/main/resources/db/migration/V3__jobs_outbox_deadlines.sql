-- Issue 31: clone's tasks are jobs (docs/jobs.md). Every change of a task raises its event counter and writes one
-- row to the outbox in the same transaction; each task has a deadline; refunds confirmed by billing show in the view;
-- webhookUrl deliveries move to records (Standard Webhooks) except for tasks created before this migration.

-- Events this service raises (platform events/Outbox): written in the transaction of the change, relayed to
-- records at least once (OutboxRelay), kept 24 h after relay as the jobs' event log (internal-api.md §3.15).
CREATE TABLE clone.outbox (
    id           varchar(64)  PRIMARY KEY,                             -- evt_…, the webhook-id
    position     bigint       GENERATED ALWAYS AS IDENTITY UNIQUE,     -- the order rows are relayed in
    job_id       varchar(64),                                          -- null for an event about no job
    client_id    varchar(64)  NOT NULL,
    seq          bigint,                                               -- the job's event_seq after the change
    type         varchar(64)  NOT NULL,
    payload      jsonb        NOT NULL,                                -- the job view then, or the event's data
    webhook_url  text,                                                 -- the job's one-off receiver
    created_at   timestamptz  NOT NULL,
    relayed_at   timestamptz,
    locked_until timestamptz                                           -- the relay's lease (WorkQueue)
);
CREATE UNIQUE INDEX outbox_job_seq ON clone.outbox (job_id, seq) WHERE job_id IS NOT NULL;
CREATE INDEX outbox_unrelayed ON clone.outbox (position) WHERE relayed_at IS NULL;
CREATE INDEX outbox_relayed ON clone.outbox (relayed_at) WHERE relayed_at IS NOT NULL;

ALTER TABLE clone.tasks
    -- The job's event sequence: raised by one in every write that changes the task (the outbox row's seq).
    ADD COLUMN event_seq        bigint      NOT NULL DEFAULT 0,
    -- When an open task is failed with deadline_exceeded (clone.deadlines.*, lowered by deadlineSeconds).
    ADD COLUMN deadline_at      timestamptz,
    -- The first time the task was running (submitted to the provider); null before.
    ADD COLUMN started_at       timestamptz,
    -- What billing confirmed it refunded (0 until then).
    ADD COLUMN credits_refunded integer     NOT NULL DEFAULT 0,
    -- Tasks created before this migration keep clone's own Webhook-Signature deliveries (webhooks/); newer ones are
    -- delivered by records through the outbox.
    ADD COLUMN webhook_legacy   boolean     NOT NULL DEFAULT false;

UPDATE clone.tasks SET webhook_legacy = true WHERE webhook_url IS NOT NULL;
UPDATE clone.tasks SET credits_refunded = credits_charged WHERE refund_state = 'done';
-- The documented default deadlines (60 min renders, 15 min images and music); a task still open now gets a whole
-- default from this migration on, so an upgrade never fails work that was on time under the old rules.
UPDATE clone.tasks SET deadline_at = created_at + CASE kind WHEN 'video' THEN interval '60 minutes'
    ELSE interval '15 minutes' END;
UPDATE clone.tasks SET deadline_at = greatest(deadline_at, now() + CASE kind WHEN 'video' THEN interval '60 minutes'
    ELSE interval '15 minutes' END) WHERE status IN ('pending', 'running');
ALTER TABLE clone.tasks ALTER COLUMN deadline_at SET NOT NULL;

CREATE INDEX tasks_deadline ON clone.tasks (deadline_at) WHERE status IN ('pending', 'running');
-- GET /internal/jobs lists a client's tasks of every kind, newest first.
CREATE INDEX tasks_jobs ON clone.tasks (client_id, created_at DESC, id DESC);

-- Every delivery queued before this migration is clone's own scheme; the dispatcher sends only those.
ALTER TABLE clone.webhook_deliveries ADD COLUMN legacy boolean NOT NULL DEFAULT false;
UPDATE clone.webhook_deliveries SET legacy = true;
DROP INDEX clone.webhook_deliveries_due;
CREATE INDEX webhook_deliveries_due ON clone.webhook_deliveries (next_attempt_at) WHERE status = 'pending' AND legacy;
