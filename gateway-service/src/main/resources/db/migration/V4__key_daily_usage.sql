-- Daily units per key beside the client's (issue 32, docs/internal-api.md §3.19.4): one row per key, bucket and UTC
-- day. Every key counts (GET /v1/api_keys shows what each spent today); a sub-key's own daily cap is checked here.
CREATE TABLE key_daily_usage (
  key_id    text    NOT NULL,
  bucket    text    NOT NULL,
  day       date    NOT NULL,
  client_id text    NOT NULL,
  used      integer NOT NULL CHECK (used >= 0),
  PRIMARY KEY (key_id, bucket, day)
);
CREATE INDEX key_daily_usage_client_day ON key_daily_usage (client_id, day);
CREATE INDEX key_daily_usage_day ON key_daily_usage (day);

-- Takes one unit of a bucket for a key and its client together, or for neither: one statement, so that every
-- replica's calls meet in the two rows' locks and neither count is ever passed (design §3.4). The key's row is taken
-- first (every caller locks its key row, then its client's row, so two calls never wait on each other in a circle);
-- when the client's row then refuses, the key's unit goes back before the statement ends, under the row lock that
-- kept every other call from seeing it. p_key_cap null: the key has no cap of its own. Both limits are at least 1
-- (the caller refuses a zero limit without asking). refused_by: null (admitted), 'key' or 'client'.
CREATE FUNCTION take_daily_unit(p_client text, p_key text, p_bucket text, p_day date, p_client_limit integer,
                                p_key_cap integer)
  RETURNS TABLE (refused_by text, client_used integer, key_used integer)
  LANGUAGE plpgsql AS $$
DECLARE
  k integer;
  c integer;
BEGIN
  INSERT INTO key_daily_usage AS u (key_id, bucket, day, client_id, used) VALUES (p_key, p_bucket, p_day, p_client, 1)
  ON CONFLICT (key_id, bucket, day) DO UPDATE SET used = u.used + 1 WHERE p_key_cap IS NULL OR u.used < p_key_cap
  RETURNING u.used INTO k;
  IF k IS NULL THEN
    SELECT d.used INTO c FROM daily_usage d WHERE d.client_id = p_client AND d.bucket = p_bucket AND d.day = p_day;
    RETURN QUERY SELECT 'key'::text, coalesce(c, 0), p_key_cap;
    RETURN;
  END IF;
  INSERT INTO daily_usage AS d (client_id, bucket, day, used) VALUES (p_client, p_bucket, p_day, 1)
  ON CONFLICT (client_id, bucket, day) DO UPDATE SET used = d.used + 1 WHERE d.used < p_client_limit
  RETURNING d.used INTO c;
  IF c IS NULL THEN
    UPDATE key_daily_usage u SET used = u.used - 1
    WHERE u.key_id = p_key AND u.bucket = p_bucket AND u.day = p_day
    RETURNING u.used INTO k;
    RETURN QUERY SELECT 'client'::text, p_client_limit, k;
    RETURN;
  END IF;
  RETURN QUERY SELECT NULL::text, c, k;
END;
$$;

-- Gives a unit back to both counts (the answer gave the caller nothing of value), key first as taken.
CREATE FUNCTION give_back_daily_unit(p_client text, p_key text, p_bucket text, p_day date)
  RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE key_daily_usage SET used = used - 1
  WHERE key_id = p_key AND bucket = p_bucket AND day = p_day AND used > 0;
  UPDATE daily_usage SET used = used - 1
  WHERE client_id = p_client AND bucket = p_bucket AND day = p_day AND used > 0;
END;
$$;
