CREATE TABLE "fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"selection_id" integer NOT NULL,
	"taker_order_id" bigint NOT NULL,
	"maker_order_id" bigint NOT NULL,
	"taker_user_id" integer NOT NULL,
	"maker_user_id" integer NOT NULL,
	"taker_side" text NOT NULL,
	"price" integer NOT NULL,
	"size_paise" bigint NOT NULL,
	"seq" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fills_size_check" CHECK ("fills"."size_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "market_positions" (
	"market_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"exposure_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "market_positions_market_id_user_id_pk" PRIMARY KEY("market_id","user_id"),
	CONSTRAINT "market_positions_exposure_check" CHECK ("market_positions"."exposure_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"race_id" integer,
	"kind" text NOT NULL,
	"market_type" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'INACTIVE' NOT NULL,
	"in_play" boolean DEFAULT false NOT NULL,
	"in_play_at" timestamp with time zone,
	"start_time" timestamp with time zone NOT NULL,
	"min_stake_paise" bigint NOT NULL,
	"max_stake_paise" bigint NOT NULL,
	"max_profit_paise" bigint NOT NULL,
	"bet_delay_ms" integer DEFAULT 0 NOT NULL,
	"commission_bps" integer DEFAULT 0 NOT NULL,
	"places" integer DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"no_line" integer,
	"no_rate" integer,
	"yes_line" integer,
	"yes_rate" integer,
	"session_open_minute" integer,
	"session_close_minute" integer,
	"session_weekdays_only" boolean DEFAULT false NOT NULL,
	"result_kind" text,
	"result_runs" integer,
	"settlement_version" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"external_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markets_external_key_unique" UNIQUE("external_key"),
	CONSTRAINT "markets_stakes_check" CHECK ("markets"."min_stake_paise" > 0 and "markets"."max_stake_paise" >= "markets"."min_stake_paise" and "markets"."max_profit_paise" > 0),
	CONSTRAINT "markets_places_check" CHECK ("markets"."places" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"selection_id" integer,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"price" integer NOT NULL,
	"line" integer,
	"size_paise" bigint NOT NULL,
	"matched_paise" bigint DEFAULT 0 NOT NULL,
	"matched_value" bigint DEFAULT 0 NOT NULL,
	"cancelled_paise" bigint DEFAULT 0 NOT NULL,
	"persistence" text DEFAULT 'LAPSE' NOT NULL,
	"status" text NOT NULL,
	"client_ref" text,
	"book_seq" integer NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"initial_matched_paise" bigint DEFAULT 0 NOT NULL,
	"initial_matched_value" bigint DEFAULT 0 NOT NULL,
	"outcome" text,
	"pnl_paise" bigint,
	"settled_at" timestamp with time zone,
	CONSTRAINT "orders_sizes_check" CHECK ("orders"."size_paise" > 0 and "orders"."matched_paise" >= 0 and "orders"."cancelled_paise" >= 0 and "orders"."matched_paise" + "orders"."cancelled_paise" <= "orders"."size_paise")
);
--> statement-breakpoint
CREATE TABLE "runners" (
	"market_id" integer NOT NULL,
	"selection_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"reduction_factor_bps" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_seq" integer,
	"back_rate" integer,
	"lay_rate" integer,
	"dead_heat_places" integer,
	"dead_heat_runners" integer,
	CONSTRAINT "runners_market_id_selection_id_pk" PRIMARY KEY("market_id","selection_id")
);
--> statement-breakpoint
CREATE TABLE "settlement_results" (
	"market_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"net_pnl_paise" bigint NOT NULL,
	"commission_paise" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"rolled_back_at" timestamp with time zone,
	CONSTRAINT "settlement_results_market_id_version_user_id_pk" PRIMARY KEY("market_id","version","user_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_taker_order_id_orders_id_fk" FOREIGN KEY ("taker_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_maker_order_id_orders_id_fk" FOREIGN KEY ("maker_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_positions" ADD CONSTRAINT "market_positions_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_positions" ADD CONSTRAINT "market_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_match_id_matches_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("match_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_race_id_races_race_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("race_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runners" ADD CONSTRAINT "runners_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_results" ADD CONSTRAINT "settlement_results_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_results" ADD CONSTRAINT "settlement_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fills_market_idx" ON "fills" USING btree ("market_id","id");--> statement-breakpoint
CREATE INDEX "market_positions_user_idx" ON "market_positions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "markets_match_id_idx" ON "markets" USING btree ("match_id","sort","id");--> statement-breakpoint
CREATE INDEX "markets_open_idx" ON "markets" USING btree ("status") WHERE "markets"."settled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_client_ref_idx" ON "orders" USING btree ("user_id","client_ref");--> statement-breakpoint
CREATE INDEX "orders_market_open_idx" ON "orders" USING btree ("market_id","book_seq") WHERE "orders"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "orders_market_idx" ON "orders" USING btree ("market_id","user_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "settlement_results_user_idx" ON "settlement_results" USING btree ("user_id","settled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_single_system_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."kind" in ('house', 'clearing');--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'user') = ("ledger_accounts"."user_id" is not null));