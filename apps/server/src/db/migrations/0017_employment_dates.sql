ALTER TABLE "user_companies" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "user_companies" ADD COLUMN "end_date" date;--> statement-breakpoint
-- Existing members who hold a role start when they joined, or at their first load or expense with the company when that is earlier
-- (their pay before the change stays as it was); applicants get their start date when approved.
UPDATE "user_companies" m SET "start_date" = least(
	m."created_on"::date,
	(SELECT min((l."load_start_date" at time zone 'UTC')::date) FROM "load_drivers" d JOIN "loads" l ON l."id" = d."load_id"
		WHERE d."user_id" = m."user_id" AND l."company_id" = m."company_id"),
	(SELECT min(coalesce(e."start_date", e."expense_date")) FROM "expenses" e WHERE e."user_id" = m."user_id" AND e."company_id" = m."company_id")
)
WHERE EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = m."user_id" AND r."company_id" = m."company_id");
