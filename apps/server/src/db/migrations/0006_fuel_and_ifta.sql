CREATE TABLE "fuel_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"import_id" integer,
	"vendor" text NOT NULL,
	"card_last4" text,
	"fuel_date" date NOT NULL,
	"fuel_time" text,
	"unit_number" text NOT NULL,
	"driver_name" text,
	"location" text,
	"city" text,
	"state_code" text NOT NULL,
	"product" text NOT NULL,
	"product_code" text,
	"is_ifta" boolean NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price" numeric(10, 4),
	"paid_price" numeric(10, 4),
	"amount" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"tax_paid" boolean DEFAULT true NOT NULL,
	"invoice" text,
	"natural_key" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ifta_miles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"import_id" integer,
	"year" smallint NOT NULL,
	"quarter" smallint NOT NULL,
	"unit_number" text NOT NULL,
	"state_code" text NOT NULL,
	"total_miles" numeric(12, 1) NOT NULL,
	"taxable_miles" numeric(12, 1) NOT NULL,
	"source" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_files" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"year" smallint,
	"quarter" smallint,
	"preset_id" integer,
	"mapping" jsonb,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"layout" text NOT NULL,
	"rows_read" integer NOT NULL,
	"rows_added" integer NOT NULL,
	"rows_duplicate" integer NOT NULL,
	"rows_flagged" integer NOT NULL,
	"rows_refused" integer NOT NULL,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_on" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
ALTER TABLE "fuel_transactions" ADD CONSTRAINT "fuel_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_transactions" ADD CONSTRAINT "fuel_transactions_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ifta_miles" ADD CONSTRAINT "ifta_miles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ifta_miles" ADD CONSTRAINT "ifta_miles_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_presets" ADD CONSTRAINT "import_presets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fuel_company_key_uq" ON "fuel_transactions" USING btree ("company_id","natural_key");--> statement-breakpoint
CREATE INDEX "fuel_company_date_idx" ON "fuel_transactions" USING btree ("company_id","fuel_date");--> statement-breakpoint
CREATE INDEX "fuel_company_unit_idx" ON "fuel_transactions" USING btree ("company_id","unit_number","fuel_date");--> statement-breakpoint
CREATE INDEX "fuel_import_idx" ON "fuel_transactions" USING btree ("import_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ifta_miles_company_key_uq" ON "ifta_miles" USING btree ("company_id","unit_number","state_code","year","quarter","source");--> statement-breakpoint
CREATE INDEX "ifta_miles_company_period_idx" ON "ifta_miles" USING btree ("company_id","year","quarter");--> statement-breakpoint
CREATE INDEX "ifta_miles_import_idx" ON "ifta_miles" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "import_files_company_idx" ON "import_files" USING btree ("company_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "import_presets_company_name_uq" ON "import_presets" USING btree ("company_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "imports_company_kind_idx" ON "imports" USING btree ("company_id","kind","created_on");