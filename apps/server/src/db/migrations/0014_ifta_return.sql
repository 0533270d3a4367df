CREATE TABLE "ifta_rate_matrices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"quarter" smallint NOT NULL,
	"file_name" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"uploaded_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ifta_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"matrix_id" integer NOT NULL,
	"state_code" text NOT NULL,
	"fuel_type" text DEFAULT 'diesel' NOT NULL,
	"usd_per_gal" numeric(8, 4) NOT NULL,
	"cad_per_litre" numeric(8, 4),
	"surcharge_usd_per_gal" numeric(8, 4) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "ifta_mpg_rounding" text DEFAULT 'round2' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "ifta_gallons_rounding" text DEFAULT 'whole' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "ifta_account_number" text;--> statement-breakpoint
ALTER TABLE "ifta_rate_matrices" ADD CONSTRAINT "ifta_rate_matrices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ifta_rate_matrices" ADD CONSTRAINT "ifta_rate_matrices_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ifta_rates" ADD CONSTRAINT "ifta_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ifta_rates" ADD CONSTRAINT "ifta_rates_matrix_id_ifta_rate_matrices_id_fk" FOREIGN KEY ("matrix_id") REFERENCES "public"."ifta_rate_matrices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ifta_rate_matrices_company_quarter_uq" ON "ifta_rate_matrices" USING btree ("company_id","year","quarter");--> statement-breakpoint
CREATE UNIQUE INDEX "ifta_rates_matrix_state_uq" ON "ifta_rates" USING btree ("matrix_id","state_code","fuel_type");--> statement-breakpoint
CREATE INDEX "ifta_rates_company_idx" ON "ifta_rates" USING btree ("company_id");