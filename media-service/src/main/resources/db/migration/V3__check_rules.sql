-- Custom rules of /v1/check, one document per client (media-service, checks feature). Each save replaces the
-- document and increments version; GET answers version 0 for a client without a row.
CREATE TABLE check_rules (
  client_id  text        PRIMARY KEY,
  rules      jsonb       NOT NULL,
  version    integer     NOT NULL CHECK (version > 0),
  updated_at timestamptz NOT NULL
);
COMMENT ON TABLE check_rules IS 'Custom /v1/check rules per client: a validated jsonb array of {platform, rule, value, severity}';
