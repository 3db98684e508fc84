-- Applied by ferretdb.sh to FerretDB's PostgreSQL database at every start (idempotent).
--
-- FerretDB 1.24 pushes an `_id` equality filter (every find, update and delete by `_id`) down as
-- `_jsonb -> $1 @> $2` (internal/backends/postgresql/query.go, filterEqual). Its own `_id` index is a
-- btree on `(_jsonb -> '_id')`, which cannot answer `@>`, so each such query scans the whole table.
-- A GIN index on the same expression answers it once the planner sees the key as a constant
-- (a custom plan: plan_cache_mode below, as FerretDB's pgx pool prepares its statements).
-- An event trigger gives every table FerretDB creates such an index; the block below gives it to the
-- tables created before.

CREATE OR REPLACE FUNCTION ferretdb_id_gin_index() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT objid, object_identity FROM pg_event_trigger_ddl_commands() WHERE command_tag = 'CREATE TABLE' AND object_type = 'table' LOOP
    IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = r.objid AND attname = '_jsonb' AND NOT attisdropped) THEN
      EXECUTE format('CREATE INDEX ON %s USING gin ((_jsonb -> ''_id''))', r.object_identity);
    END IF;
  END LOOP;
END
$$;

DROP EVENT TRIGGER IF EXISTS ferretdb_id_gin_index;
CREATE EVENT TRIGGER ferretdb_id_gin_index ON ddl_command_end WHEN TAG IN ('CREATE TABLE') EXECUTE FUNCTION ferretdb_id_gin_index();

DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT c.oid::regclass AS t FROM pg_class c
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = '_jsonb' AND NOT a.attisdropped
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname NOT IN ('pg_catalog', 'information_schema')
    WHERE c.relkind = 'r' AND NOT EXISTS (
      SELECT 1 FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
      WHERE i.indrelid = c.oid AND am.amname = 'gin')
  LOOP
    EXECUTE format('CREATE INDEX ON %s USING gin ((_jsonb -> ''_id''))', r.t);
  END LOOP;
END
$$;

ALTER DATABASE ferretdb SET plan_cache_mode = force_custom_plan;
