DROP INDEX "loads_company_week_idx";--> statement-breakpoint
DROP INDEX "loads_company_start_idx";--> statement-breakpoint
DROP INDEX "loads_company_origin_idx";--> statement-breakpoint
CREATE INDEX "loads_company_number_prefix_idx" ON "loads" USING btree ("company_id",lower("load_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "loads_company_week_idx" ON "loads" USING btree ("company_id","week_id","payout");--> statement-breakpoint
CREATE INDEX "loads_company_start_idx" ON "loads" USING btree ("company_id","load_start_date","id","payout");--> statement-breakpoint
CREATE INDEX "loads_company_origin_idx" ON "loads" USING btree ("company_id","origin_state_id","week_id","payout");