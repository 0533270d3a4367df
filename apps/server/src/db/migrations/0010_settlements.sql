CREATE TABLE "settlement_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"week_id" integer NOT NULL,
	"revision" smallint NOT NULL,
	"closed_by" integer,
	"closed_on" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_by" integer,
	"reopened_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settlement_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"closure_id" integer NOT NULL,
	"week_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"statement_number" integer NOT NULL,
	"revision" smallint NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ifta_miles" ALTER COLUMN "total_miles" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "ifta_miles" ALTER COLUMN "taxable_miles" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "settlement_closures" ADD CONSTRAINT "settlement_closures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_closures" ADD CONSTRAINT "settlement_closures_week_id_work_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."work_weeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_closures" ADD CONSTRAINT "settlement_closures_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_closures" ADD CONSTRAINT "settlement_closures_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_statements" ADD CONSTRAINT "settlement_statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_statements" ADD CONSTRAINT "settlement_statements_closure_id_settlement_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."settlement_closures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_statements" ADD CONSTRAINT "settlement_statements_week_id_work_weeks_id_fk" FOREIGN KEY ("week_id") REFERENCES "public"."work_weeks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_statements" ADD CONSTRAINT "settlement_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_closures_week_revision_uq" ON "settlement_closures" USING btree ("company_id","week_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_statements_closure_user_uq" ON "settlement_statements" USING btree ("closure_id","user_id");--> statement-breakpoint
CREATE INDEX "settlement_statements_company_week_idx" ON "settlement_statements" USING btree ("company_id","week_id","user_id");