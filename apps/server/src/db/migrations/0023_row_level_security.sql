-- Row-level security behind the queries' own company conditions (docs/decisions/018).
-- The app runs every statement as one of two roles that are neither superuser, owner nor
-- BYPASSRLS: haulboard_app (a company's work: the company is set per transaction with
-- SET LOCAL haulboard.company_id) and haulboard_system (work that spans companies).
-- Roles belong to the whole server (every database on it), so they are created only if missing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'haulboard_app') THEN
    CREATE ROLE haulboard_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; -- another database's migration made it at the same moment
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'haulboard_system') THEN
    CREATE ROLE haulboard_system NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
-- The role the server connects as switches to these two (SET LOCAL ROLE): a superuser may
-- already; any other role needs their membership (it needs CREATEROLE for this, or a DBA grants it).
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT haulboard_app, haulboard_system TO %I', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'Could not grant haulboard_app and haulboard_system to %: grant them to the role Haulboard connects as', current_user;
END
$$;
--> statement-breakpoint
-- Both roles may read and write the app's tables (row-level security then decides which rows),
-- including the tables later migrations add. They own nothing and can change no table's shape.
GRANT USAGE ON SCHEMA public TO haulboard_app, haulboard_system;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO haulboard_app, haulboard_system;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO haulboard_app, haulboard_system;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO haulboard_app, haulboard_system;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO haulboard_app, haulboard_system;
--> statement-breakpoint
-- Puts a table with a company_id column under row-level security. A migration that adds a
-- company-owned table ends with one line:  SELECT haulboard_company_owned('the_table');
-- FORCE applies the policies to the table's owner too; only a superuser passes without them.
CREATE OR REPLACE FUNCTION haulboard_company_owned(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS company_rows ON %s', tbl);
  -- current_setting is stable: read once per statement, so (company_id, …) indexes still serve.
  EXECUTE format('CREATE POLICY company_rows ON %s TO haulboard_app '
    'USING (company_id = nullif(current_setting(''haulboard.company_id'', true), '''')::int) '
    'WITH CHECK (company_id = nullif(current_setting(''haulboard.company_id'', true), '''')::int)', tbl);
  EXECUTE format('DROP POLICY IF EXISTS system_rows ON %s', tbl);
  EXECUTE format('CREATE POLICY system_rows ON %s TO haulboard_system USING (true) WITH CHECK (true)', tbl);
END
$$;
--> statement-breakpoint
SELECT haulboard_company_owned('board_pacing');
--> statement-breakpoint
SELECT haulboard_company_owned('brokers');
--> statement-breakpoint
SELECT haulboard_company_owned('company_cookies');
--> statement-breakpoint
SELECT haulboard_company_owned('company_settings');
--> statement-breakpoint
SELECT haulboard_company_owned('expenses');
--> statement-breakpoint
SELECT haulboard_company_owned('fuel_transactions');
--> statement-breakpoint
SELECT haulboard_company_owned('ifta_miles');
--> statement-breakpoint
SELECT haulboard_company_owned('ifta_rate_matrices');
--> statement-breakpoint
SELECT haulboard_company_owned('ifta_rates');
--> statement-breakpoint
SELECT haulboard_company_owned('import_files');
--> statement-breakpoint
SELECT haulboard_company_owned('import_presets');
--> statement-breakpoint
SELECT haulboard_company_owned('imports');
--> statement-breakpoint
SELECT haulboard_company_owned('invoice_lines');
--> statement-breakpoint
SELECT haulboard_company_owned('load_orders');
--> statement-breakpoint
SELECT haulboard_company_owned('loads');
--> statement-breakpoint
SELECT haulboard_company_owned('order_bookings');
--> statement-breakpoint
SELECT haulboard_company_owned('order_events');
--> statement-breakpoint
SELECT haulboard_company_owned('role_permissions');
--> statement-breakpoint
SELECT haulboard_company_owned('settlement_closures');
--> statement-breakpoint
SELECT haulboard_company_owned('settlement_statements');
--> statement-breakpoint
SELECT haulboard_company_owned('work_weeks');
