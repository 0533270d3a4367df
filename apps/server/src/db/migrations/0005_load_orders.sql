CREATE TABLE "load_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'searching' NOT NULL,
	"state_reason" text,
	"work_type" text NOT NULL,
	"origin" jsonb NOT NULL,
	"origin_radius" smallint NOT NULL,
	"destination" jsonb NOT NULL,
	"destination_radius" smallint NOT NULL,
	"excluded_destinations" jsonb NOT NULL,
	"excluded_states" jsonb NOT NULL,
	"number_of_stops" smallint NOT NULL,
	"min_pickup_time" integer NOT NULL,
	"pickup_time_within" numeric(8, 2) NOT NULL,
	"load_start_date" timestamp with time zone,
	"load_end_date" timestamp with time zone,
	"loading_type" text NOT NULL,
	"ppm" numeric(8, 2) NOT NULL,
	"payout" numeric(12, 2) NOT NULL,
	"min_distance" numeric(10, 1) NOT NULL,
	"max_distance" numeric(10, 1) NOT NULL,
	"driver1_id" integer NOT NULL,
	"driver2_id" integer,
	"time_zone" text NOT NULL,
	"order_action_type" smallint NOT NULL,
	"refresh_rate" numeric(8, 2) NOT NULL,
	"last_search_on" timestamp with time zone,
	"searches" integer DEFAULT 0 NOT NULL,
	"matches_seen" integer DEFAULT 0 NOT NULL,
	"booked_load_id" integer,
	"booked_load_number" text,
	"created_by" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_bookings" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"work_opportunity_id" text NOT NULL,
	"state" text NOT NULL,
	"detail" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"work_opportunity_id" text,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "load_orders" ADD CONSTRAINT "load_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_orders" ADD CONSTRAINT "load_orders_driver1_id_users_id_fk" FOREIGN KEY ("driver1_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_orders" ADD CONSTRAINT "load_orders_driver2_id_users_id_fk" FOREIGN KEY ("driver2_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_orders" ADD CONSTRAINT "load_orders_booked_load_id_loads_id_fk" FOREIGN KEY ("booked_load_id") REFERENCES "public"."loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_orders" ADD CONSTRAINT "load_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bookings" ADD CONSTRAINT "order_bookings_order_id_load_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."load_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bookings" ADD CONSTRAINT "order_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_load_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."load_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "load_orders_company_status_idx" ON "load_orders" USING btree ("company_id","status","created_on");--> statement-breakpoint
CREATE INDEX "load_orders_status_idx" ON "load_orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "order_bookings_company_wo_uq" ON "order_bookings" USING btree ("company_id","work_opportunity_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_events_at_idx" ON "order_events" USING btree ("at");