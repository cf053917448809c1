-- Tenancy (ARCHITECTURE.md, "Tenancy"). The application role owns nothing and cannot bypass row-level security; every
-- request transaction switches to it with SET LOCAL ROLE and sets app.school_id / app.user_id / app.scope.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'lyceum_app') THEN
    CREATE ROLE lyceum_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
END $$;
--> statement-breakpoint
-- The owner switches to lyceum_app in every request. A database administrator may have created the role and granted
-- it already (README.md, "Running on a PostgreSQL server"), so an owner without CREATEROLE can migrate.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'lyceum_app', 'MEMBER') THEN
    EXECUTE format('GRANT lyceum_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
-- Applies the tenant rules to every table that has a NOT NULL school_id (and to the tenant root `schools`).
-- Idempotent; the migration runner calls it after every run so tables added later are covered without
-- anyone remembering to.
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
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
    IF NOT EXISTS (SELECT FROM pg_policies WHERE tablename = t.table_name AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I TO lyceum_app USING (%s OR school_id = %s) WITH CHECK (%s OR school_id = %s)',
        t.table_name, company_predicate, tenant_predicate, company_predicate, tenant_predicate);
    END IF;
  END LOOP;

  ALTER TABLE schools ENABLE ROW LEVEL SECURITY;
  ALTER TABLE schools FORCE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT FROM pg_policies WHERE tablename = 'schools' AND policyname = 'tenant_isolation') THEN
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON schools TO lyceum_app USING (%s OR id = %s) WITH CHECK (%s OR id = %s)',
      company_predicate, tenant_predicate, company_predicate, tenant_predicate);
  END IF;

  -- The audit log also records platform-level changes (school_id null); a school sees only its own rows.
  ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
  ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT FROM pg_policies WHERE tablename = 'audit_log' AND policyname = 'tenant_isolation') THEN
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON audit_log TO lyceum_app USING (%s OR school_id = %s) WITH CHECK (%s OR school_id = %s)',
      company_predicate, tenant_predicate, company_predicate, tenant_predicate);
  END IF;
END $$;
--> statement-breakpoint
SELECT lyceum_apply_tenancy();
