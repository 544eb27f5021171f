-- Whole answers of MCP tool results over the result cap (issue 33), read back through vas://results/{id} by the
-- client that made the call (owner "client:<clientId>"; "session:<Mcp-Session-Id>" for a call without a key), from
-- any replica, for 10 minutes. The id is 192 random bits; expired rows are swept.
CREATE TABLE mcp_results (
  id         text        PRIMARY KEY,
  owner      text        NOT NULL,
  body       bytea       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX mcp_results_expires_at ON mcp_results (expires_at);
