CREATE TABLE "expense_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_reimbursement" boolean DEFAULT false NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"expense_type_id" smallint NOT NULL,
	"name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"frequency_type_id" smallint NOT NULL,
	"occurrences" integer,
	"expense_date" date,
	"start_date" date,
	"end_date" date,
	"user_id" integer,
	"comments" text,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_ck" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_occurrences_ck" CHECK ("expenses"."occurrences" is null or "expenses"."occurrences" > 0)
);
--> statement-breakpoint
CREATE TABLE "frequency_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_expense_type_id_expense_types_id_fk" FOREIGN KEY ("expense_type_id") REFERENCES "public"."expense_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_frequency_type_id_frequency_types_id_fk" FOREIGN KEY ("frequency_type_id") REFERENCES "public"."frequency_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_company_idx" ON "expenses" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "expenses_company_user_idx" ON "expenses" USING btree ("company_id","user_id");