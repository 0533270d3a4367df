CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"week_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"block_id" text NOT NULL,
	"trip_id" text NOT NULL,
	"load_id" text NOT NULL,
	"item_type" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"distance_miles" numeric(10, 2),
	"gross_pay" numeric(12, 2) NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"natural_key" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_week_id_work_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."work_weeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_company_key_uq" ON "invoice_lines" USING btree ("company_id","natural_key");--> statement-breakpoint
CREATE INDEX "invoice_lines_company_week_idx" ON "invoice_lines" USING btree ("company_id","week_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_import_idx" ON "invoice_lines" USING btree ("import_id");