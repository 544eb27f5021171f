-- The six record kinds of records-service. Every table is owned by one client (client_id) and listed newest first
-- by keyset on (created_at DESC, id DESC): the btree index per table serves that order for one client, and the GIN
-- index (jsonb_path_ops) serves the tag filter `tags @> '[{"key":"k","value":"v"}]'`. Tags are a jsonb array of
-- {key, value} objects kept in the order the caller gave them.

CREATE TABLE accounts (
  id              text        PRIMARY KEY,
  client_id       text        NOT NULL,
  platform        text        NOT NULL CHECK (platform IN ('shortvideo', 'photo')),
  name            text        NOT NULL,
  status          text        NOT NULL CHECK (status IN ('creating', 'active', 'failed')),
  verified        boolean     NOT NULL DEFAULT false,
  failure_reason  text,
  display_name    text,
  followers       bigint,
  profile_url     text,
  tags            jsonb       NOT NULL DEFAULT '[]',
  metadata        jsonb       NOT NULL DEFAULT '{}',
  credits_charged integer     NOT NULL DEFAULT 0,
  -- the verification task: worked by the scheduler with FOR UPDATE SKIP LOCKED
  attempts        integer     NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  lease_until     timestamptz,
  refund_due      boolean     NOT NULL DEFAULT false,
  refunded_at     timestamptz,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX accounts_by_client ON accounts (client_id, created_at DESC, id DESC);
CREATE INDEX accounts_by_tags ON accounts USING gin (tags jsonb_path_ops);
CREATE INDEX accounts_verification_due ON accounts (next_attempt_at) WHERE status = 'creating';
CREATE INDEX accounts_refund_due ON accounts (id) WHERE refund_due;

CREATE TABLE posts (
  id            text        PRIMARY KEY,
  client_id     text        NOT NULL,
  account_id    text        NOT NULL,
  video_id      text        NOT NULL,
  video_url     text,
  caption       text,
  scheduled_at  timestamptz NOT NULL,
  status        text        NOT NULL CHECK (status IN ('scheduled', 'publishing', 'published', 'failed')),
  lease_until   timestamptz,
  published_at  timestamptz,
  external_id   text,
  post_url      text,
  error_code    text,
  error_message text,
  tags          jsonb       NOT NULL DEFAULT '[]',
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
CREATE INDEX posts_by_client ON posts (client_id, created_at DESC, id DESC);
CREATE INDEX posts_by_tags ON posts USING gin (tags jsonb_path_ops);
CREATE INDEX posts_due ON posts (scheduled_at) WHERE status = 'scheduled';
CREATE INDEX posts_publishing ON posts (lease_until) WHERE status = 'publishing';

CREATE TABLE assets (
  id           text        PRIMARY KEY,
  client_id    text        NOT NULL,
  url          text        NOT NULL,
  source_url   text        NOT NULL,
  media_id     text,
  name         text,
  content_type text,
  size_bytes   bigint,
  status       text        NOT NULL CHECK (status IN ('active')),
  tags         jsonb       NOT NULL DEFAULT '[]',
  metadata     jsonb       NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX assets_by_client ON assets (client_id, created_at DESC, id DESC);
CREATE INDEX assets_by_tags ON assets USING gin (tags jsonb_path_ops);

-- "references" is an SQL keyword; the table of /v1/references is saved_references.
CREATE TABLE saved_references (
  id         text        PRIMARY KEY,
  client_id  text        NOT NULL,
  url        text        NOT NULL,
  platform   text        CHECK (platform IN ('shortvideo', 'photo', 'microblog', 'videosite')),
  title      text,
  notes      text,
  tags       jsonb       NOT NULL DEFAULT '[]',
  metadata   jsonb       NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX saved_references_by_client ON saved_references (client_id, created_at DESC, id DESC);
CREATE INDEX saved_references_by_tags ON saved_references USING gin (tags jsonb_path_ops);

CREATE TABLE projects (
  id         text        PRIMARY KEY,
  client_id  text        NOT NULL,
  name       text        NOT NULL,
  timeline   jsonb       NOT NULL DEFAULT '{}',
  status     text        NOT NULL CHECK (status IN ('draft', 'archived')),
  tags       jsonb       NOT NULL DEFAULT '[]',
  archived_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX projects_by_client ON projects (client_id, created_at DESC, id DESC);
CREATE INDEX projects_by_tags ON projects USING gin (tags jsonb_path_ops);

CREATE TABLE campaigns (
  id                text        PRIMARY KEY,
  client_id         text        NOT NULL,
  name              text,
  config            jsonb       NOT NULL DEFAULT '{}',
  status            text        NOT NULL CHECK (status IN ('draft', 'active', 'completed')),
  estimated_credits integer     NOT NULL DEFAULT 0,
  video_ids         jsonb       NOT NULL DEFAULT '[]',
  tags              jsonb       NOT NULL DEFAULT '[]',
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE INDEX campaigns_by_client ON campaigns (client_id, created_at DESC, id DESC);
CREATE INDEX campaigns_by_tags ON campaigns USING gin (tags jsonb_path_ops);
