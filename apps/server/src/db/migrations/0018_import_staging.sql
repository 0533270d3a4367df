CREATE TABLE "import_staging" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"run_id" text NOT NULL,
	"kind" text NOT NULL,
	"rows" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_files" ADD COLUMN "compressed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_staging" ADD CONSTRAINT "import_staging_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_staging_run_idx" ON "import_staging" USING btree ("company_id","run_id");--> statement-breakpoint
CREATE INDEX "import_staging_created_idx" ON "import_staging" USING btree ("created_on");