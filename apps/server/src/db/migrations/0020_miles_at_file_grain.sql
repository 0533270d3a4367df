DROP INDEX "ifta_miles_company_key_uq";--> statement-breakpoint
ALTER TABLE "ifta_miles" ADD COLUMN "trip_date" date;--> statement-breakpoint
ALTER TABLE "ifta_miles" ADD COLUMN "trip_id" text;--> statement-breakpoint
ALTER TABLE "ifta_miles" ADD COLUMN "start_odometer" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "ifta_miles" ADD COLUMN "end_odometer" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "ifta_miles" ADD COLUMN "natural_key" text;--> statement-breakpoint
-- Rows stored before this change are quarter rows: their key is the one the import compared. Two
-- rows whose units differ only in case would share it, so a later one keeps its id in its key.
UPDATE "ifta_miles" m SET "natural_key" = k.key || CASE WHEN k.n > 1 THEN '#' || m.id ELSE '' END
FROM (
  SELECT id, 'miles|' || upper(unit_number) || '|' || state_code || '|' || year || 'Q' || quarter || '|' || source AS key,
    row_number() OVER (PARTITION BY company_id, 'miles|' || upper(unit_number) || '|' || state_code || '|' || year || 'Q' || quarter || '|' || source ORDER BY id) AS n
  FROM "ifta_miles"
) k
WHERE k.id = m.id;--> statement-breakpoint
ALTER TABLE "ifta_miles" ALTER COLUMN "natural_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "import_files" ADD COLUMN "unit_map" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "replaced" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "ifta_miles_company_natural_key_uq" ON "ifta_miles" USING btree ("company_id","natural_key");--> statement-breakpoint
CREATE INDEX "ifta_miles_company_trip_date_idx" ON "ifta_miles" USING btree ("company_id","trip_date");