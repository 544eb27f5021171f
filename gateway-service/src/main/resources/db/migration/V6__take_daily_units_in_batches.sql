-- Takes the units of many calls in one statement and one commit (issue 34): take_daily_unit for each item in turn,
-- item i of every array being one call, so each call is judged exactly as alone, after the items before it. One
-- commit then covers every call of the batch, where one per call made the metered path wait on a WAL flush each. The
-- gateway sends at most one item per client, sorted by client id: every batch then locks rows in one global order
-- (client by client, each key's row before its client's, as take_daily_unit and give_back_daily_unit do), so two
-- batches never wait on each other in a circle. item: the 1-based index of the call in the arrays.
CREATE FUNCTION take_daily_units(p_clients text[], p_keys text[], p_buckets text[], p_day date,
                                 p_client_limits integer[], p_key_caps integer[])
  RETURNS TABLE (item integer, refused_by text, client_used integer, key_used integer)
  LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_clients, 1), 0) LOOP
    RETURN QUERY SELECT i, t.refused_by, t.client_used, t.key_used
      FROM take_daily_unit(p_clients[i], p_keys[i], p_buckets[i], p_day, p_client_limits[i], p_key_caps[i]) t;
  END LOOP;
END;
$$;
