-- The owner (the user in DATABASE_URL) is the system identity: sign-in, session lookup, sign-up, password reset,
-- the seed, the sweeps and bench:data run as it and must see every school. Row-level security binds
-- lyceum_app, which every request switches to; FORCE would bind the owner too, and with no policy for it a
-- non-superuser owner saw nothing (a superuser ignores FORCE, which is why only real deployments broke).
-- So row-level security is enabled but not forced (ARCHITECTURE.md, "Tenancy").
CREATE OR REPLACE FUNCTION lyceum_apply_tenancy() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
  -- Wrapped in (select …) so PostgreSQL evaluates each setting once per query, not once per row.
  tenant_predicate text := '(select nullif(current_setting(''app.school_id'', true), '''')::uuid)';
  company_predicate text := '(select current_setting(''app.scope'', true)) = ''company''';
BEGIN
  EXECUTE 'GRANT USAGE ON SCHEMA public TO lyceum_app';
  EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO lyceum_app';
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'school_id' AND c.is_nullable = 'NO'
      AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('ALTER TABLE %I NO FORCE ROW LEVEL SECURITY', t.table_name);
    IF NOT EXISTS (SELECT FROM pg_policies WHERE tablename = t.table_name AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I TO lyceum_app USING (%s OR school_id = %s) WITH CHECK (%s OR school_id = %s)',
        t.table_name, company_predicate, tenant_predicate, company_predicate, tenant_predicate);
    END IF;
  END LOOP;

  ALTER TABLE schools ENABLE ROW LEVEL SECURITY;
  ALTER TABLE schools NO FORCE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT FROM pg_policies WHERE tablename = 'schools' AND policyname = 'tenant_isolation') THEN
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON schools TO lyceum_app USING (%s OR id = %s) WITH CHECK (%s OR id = %s)',
      company_predicate, tenant_predicate, company_predicate, tenant_predicate);
  END IF;

  -- The audit log also records platform-level changes (school_id null); a school sees only its own rows.
  ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
  ALTER TABLE audit_log NO FORCE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT FROM pg_policies WHERE tablename = 'audit_log' AND policyname = 'tenant_isolation') THEN
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON audit_log TO lyceum_app USING (%s OR school_id = %s) WITH CHECK (%s OR school_id = %s)',
      company_predicate, tenant_predicate, company_predicate, tenant_predicate);
  END IF;
END $$;
--> statement-breakpoint
SELECT lyceum_apply_tenancy();
