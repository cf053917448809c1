-- lyceum_apply_tenancy() runs at every start on PostgreSQL (db/client.ts), after the migrations. It used to
-- ALTER every tenant table (ENABLE / NO FORCE ROW LEVEL SECURITY) and GRANT on every table each time, changed or
-- not: an ALTER takes the table's ACCESS EXCLUSIVE lock, so a server starting beside running ones queued every
-- request behind the start, and a request holding one table while it waited for the next deadlocked with it
-- (seen: a second process starting under load exited "deadlock detected"). It now changes only what is not
-- already so, which on every start after the first is nothing: no lock is taken and no catalogue row rewritten.
CREATE OR REPLACE FUNCTION lyceum_apply_tenancy() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
  -- Wrapped in (select …) so PostgreSQL evaluates each setting once per query, not once per row.
  tenant_predicate text := '(select nullif(current_setting(''app.school_id'', true), '''')::uuid)';
  company_predicate text := '(select current_setting(''app.scope'', true)) = ''company''';
BEGIN
  IF NOT has_schema_privilege('lyceum_app', 'public', 'USAGE') THEN
    EXECUTE 'GRANT USAGE ON SCHEMA public TO lyceum_app';
  END IF;
  -- What GRANT ... ON ALL TABLES IN SCHEMA public covered: tables, views, materialised views, foreign and
  -- partitioned tables.
  FOR t IN
    SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'f', 'p')
      -- (one privilege per call: given a list, has_table_privilege answers whether any of them is held)
      AND NOT (has_table_privilege('lyceum_app', c.oid, 'SELECT') AND has_table_privilege('lyceum_app', c.oid, 'INSERT')
        AND has_table_privilege('lyceum_app', c.oid, 'UPDATE') AND has_table_privilege('lyceum_app', c.oid, 'DELETE'))
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO lyceum_app', t.relname);
  END LOOP;
  -- Tenant tables (a NOT NULL school_id), the tenant root (schools) and the audit log (platform rows have no
  -- school): row-level security enabled, not forced (migration 0009), and the tenant policy.
  FOR t IN
    SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND (c.relname IN ('schools', 'audit_log') OR EXISTS (
      SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'school_id' AND a.attnotnull
        AND NOT a.attisdropped))
  LOOP
    IF NOT t.relrowsecurity THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    END IF;
    IF t.relforcerowsecurity THEN
      EXECUTE format('ALTER TABLE %I NO FORCE ROW LEVEL SECURITY', t.relname);
    END IF;
    IF NOT EXISTS (SELECT FROM pg_policies WHERE schemaname = 'public' AND tablename = t.relname
        AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I TO lyceum_app USING (%s OR %I = %s) WITH CHECK (%s OR %I = %s)',
        t.relname, company_predicate, CASE WHEN t.relname = 'schools' THEN 'id' ELSE 'school_id' END,
        tenant_predicate, company_predicate, CASE WHEN t.relname = 'schools' THEN 'id' ELSE 'school_id' END,
        tenant_predicate);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
SELECT lyceum_apply_tenancy();
