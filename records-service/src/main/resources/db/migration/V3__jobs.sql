-- Issue 31: accounts (account.verify) and posts (post.publish) are jobs (docs/jobs.md). Every change of one raises
-- its event_seq and writes one outbox row in the same transaction (platform events/Outbox, which also sends the
-- job_events notification); deadline_at is fixed when the job is made (a post's moves with its scheduledAt while it
-- is scheduled); started_at/finished_at are what the job view shows; webhook_url is the job's one-off receiver.

-- Events this service raises (platform events/Outbox): written in the transaction of the change, relayed at least
-- once (OutboxRelay; records is its own sink), kept 24 h after relay as the jobs' event log (internal-api.md §3.15).
CREATE TABLE outbox (
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
CREATE UNIQUE INDEX outbox_job_seq ON outbox (job_id, seq) WHERE job_id IS NOT NULL;
CREATE INDEX outbox_unrelayed ON outbox (position) WHERE relayed_at IS NULL;
CREATE INDEX outbox_relayed ON outbox (relayed_at) WHERE relayed_at IS NOT NULL;

ALTER TABLE accounts
  ADD COLUMN event_seq       bigint      NOT NULL DEFAULT 0,
  ADD COLUMN deadline_at     timestamptz,
  ADD COLUMN finished_at     timestamptz,
  ADD COLUMN failure_message text,
  ADD COLUMN webhook_url     text;
-- Rows made before: the default deadline (1 h from creation); a finished account ended at its last change.
UPDATE accounts SET deadline_at = created_at + interval '1 hour',
                    finished_at = CASE WHEN status <> 'creating' THEN updated_at END;
ALTER TABLE accounts ALTER COLUMN deadline_at SET NOT NULL;
CREATE INDEX accounts_overdue ON accounts (deadline_at) WHERE status = 'creating';

ALTER TABLE posts DROP CONSTRAINT posts_status_check;
ALTER TABLE posts ADD CONSTRAINT posts_status_check
  CHECK (status IN ('scheduled', 'publishing', 'published', 'failed', 'canceled'));
ALTER TABLE posts
  ADD COLUMN event_seq   bigint      NOT NULL DEFAULT 0,
  ADD COLUMN deadline_at timestamptz,
  ADD COLUMN started_at  timestamptz,
  ADD COLUMN finished_at timestamptz,
  ADD COLUMN webhook_url text;
-- Rows made before: the default deadline (1 h after scheduledAt); a finished post ended at its last change.
UPDATE posts SET deadline_at = scheduled_at + interval '1 hour',
                 started_at = CASE WHEN status <> 'scheduled' THEN updated_at END,
                 finished_at = CASE WHEN status IN ('published', 'failed') THEN updated_at END;
ALTER TABLE posts ALTER COLUMN deadline_at SET NOT NULL;
CREATE INDEX posts_overdue ON posts (deadline_at) WHERE status = 'scheduled';
