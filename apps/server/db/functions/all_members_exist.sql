-- True when every id in `ids` is a member (a NULL or empty list is). PL/pgSQL on purpose: as a SQL function with a
-- subquery PostgreSQL neither inlines it nor keeps its plan, so it was planned again on every purchase batch.
CREATE OR REPLACE FUNCTION all_members_exist(ids bigint[]) RETURNS boolean LANGUAGE plpgsql STABLE
  -- Key lookups only, one generic plan (ADR 0008): a plan made while a table was small must not scan it later.
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN (SELECT count(*) FROM members m WHERE m.id = ANY (ids)) = coalesce(cardinality(ids), 0);
END
$$;
