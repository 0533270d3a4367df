CREATE TABLE "board_pacing" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"next_slot_on" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "load_orders" ADD COLUMN "next_search_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "board_pacing" ADD CONSTRAINT "board_pacing_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_once_uq" ON "order_events" USING btree ("order_id","kind","work_opportunity_id") WHERE "order_events"."kind" in ('alert', 'match');