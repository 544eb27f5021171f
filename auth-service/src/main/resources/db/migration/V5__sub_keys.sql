-- Sub-keys for sub-agents (issue 32 §3): keys of the same client, each created by a primary key (parent_key_id, its
-- creator: revoke_leaked of that key revokes them too) with caps of their own. A primary key has no parent and none
-- of these set. Secrets as for every key: only key_hash is stored; the credential is shown once. The credit budget is
-- not here: billing owns it per key id (docs/internal-api.md §3.19.2).
ALTER TABLE api_keys ADD COLUMN parent_key_id text REFERENCES api_keys (id);
-- The owner's label for the sub-key (a primary key has none).
ALTER TABLE api_keys ADD COLUMN name text;
-- The metered buckets (platform LimitBucket names) the sub-key may draw from, a JSON array; null: every bucket.
ALTER TABLE api_keys ADD COLUMN buckets jsonb;
-- Bucket -> the sub-key's own calls per day, a JSON object; a bucket left out has no cap of its own.
ALTER TABLE api_keys ADD COLUMN daily_units jsonb;
-- A sub-key's expiry is expires_at, as a rotated key's grace end is: verify answers "expired" past it.
CREATE INDEX api_keys_parent ON api_keys (parent_key_id) WHERE parent_key_id IS NOT NULL;
