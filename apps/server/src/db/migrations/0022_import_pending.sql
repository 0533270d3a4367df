-- Lines are now written straight into their table under a pending import (docs/decisions/016).
DROP TABLE "import_staging" CASCADE;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "touched_on" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "imports_open_uq" ON "imports" USING btree ("company_id","kind") WHERE "imports"."status" <> 'done';