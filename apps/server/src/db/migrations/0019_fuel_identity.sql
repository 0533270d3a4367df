DROP INDEX "fuel_company_key_uq";--> statement-breakpoint
-- Issue 18: a fuel line is what it is, not who read it. Every stored line gets the key of
-- `fuelKey` (apps/server/src/imports/layouts/fuel.ts), computed from its stored columns exactly as
-- the import computes it: unit (or card) | date and time | invoice (or site) | product | gallons |
-- amount. A number written only in digits loses its leading zeros. Keep the two alike.
UPDATE "fuel_transactions" SET "natural_key" = concat_ws('|',
  'fuel',
  CASE
    WHEN "unit_number" <> '' THEN 'unit:' || (CASE WHEN "unit_number" ~ '^[0-9]+$' THEN regexp_replace("unit_number", '^0+([0-9])', '\1') ELSE "unit_number" END)
    WHEN coalesce("card_last4", '') <> '' THEN 'card:' || "card_last4"
    ELSE ''
  END,
  to_char("fuel_date", 'YYYY-MM-DD') || 'T' || coalesce(left("fuel_time", 5), ''),
  CASE
    WHEN coalesce("invoice", '') <> '' THEN (CASE WHEN "invoice" ~ '^[0-9]+$' THEN regexp_replace("invoice", '^0+([0-9])', '\1') ELSE "invoice" END)
    WHEN coalesce("location", '') <> '' THEN 'site:' || "location"
    ELSE ''
  END,
  "product",
  "quantity"::text,
  "amount"::text
) WHERE "company_id" IS NOT NULL;--> statement-breakpoint
-- Lines stored twice because two layouts or presets read one file (the old key held the layout's
-- name) are one line: the first one stored stays, the later copies go, and their imports count them
-- as duplicates instead of added rows (undoing such an import removes what it still holds).
WITH "ranked" AS (
  SELECT "id", row_number() OVER (PARTITION BY "company_id", "natural_key" ORDER BY "id") AS "n"
  FROM "fuel_transactions" WHERE "company_id" IS NOT NULL
), "removed" AS (
  DELETE FROM "fuel_transactions" f USING "ranked" r WHERE f."id" = r."id" AND r."n" > 1 AND f."company_id" IS NOT NULL
  RETURNING f."import_id"
)
UPDATE "imports" i SET "rows_added" = i."rows_added" - c."n", "rows_duplicate" = i."rows_duplicate" + c."n"
FROM (SELECT "import_id", count(*)::int AS "n" FROM "removed" WHERE "import_id" IS NOT NULL GROUP BY "import_id") c
WHERE i."id" = c."import_id" AND i."company_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fuel_company_identity_uq" ON "fuel_transactions" USING btree ("company_id","natural_key");
