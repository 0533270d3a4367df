CREATE TABLE "company_cookies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"cookie_sealed" text NOT NULL,
	"csrf_token_sealed" text NOT NULL,
	"cookie_source" text NOT NULL,
	"status" text DEFAULT 'unchecked' NOT NULL,
	"is_in_use" boolean DEFAULT false NOT NULL,
	"last_checked_on" timestamp with time zone,
	"last_error" text,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_cookies" ADD CONSTRAINT "company_cookies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_cookies" ADD CONSTRAINT "company_cookies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_cookies_company_idx" ON "company_cookies" USING btree ("company_id","created_on");