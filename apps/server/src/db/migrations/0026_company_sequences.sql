CREATE TABLE "company_sequences" (
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"next_value" bigint NOT NULL,
	CONSTRAINT "company_sequences_company_id_name_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
ALTER TABLE "company_sequences" ADD CONSTRAINT "company_sequences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement numbers continue where each company's are: the next is one past its highest. The
-- statements' policies are lifted for this one read (a non-superuser owner would see no row).
ALTER TABLE "settlement_statements" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO "company_sequences" ("company_id", "name", "next_value")
SELECT "company_id", 'statement', max("statement_number") + 1 FROM "settlement_statements" GROUP BY "company_id";
--> statement-breakpoint
ALTER TABLE "settlement_statements" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
SELECT haulboard_company_owned('company_sequences');
