CREATE TABLE "cash_outs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"client_ref" text NOT NULL,
	"origin" text NOT NULL,
	"fraction_bps" integer NOT NULL,
	"value_paise" bigint NOT NULL,
	"pnl_after" jsonb NOT NULL,
	"cancelled_bet_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_out_id" bigint;--> statement-breakpoint
ALTER TABLE "cash_outs" ADD CONSTRAINT "cash_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_outs" ADD CONSTRAINT "cash_outs_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_outs_user_client_ref_idx" ON "cash_outs" USING btree ("user_id","client_ref");--> statement-breakpoint
CREATE INDEX "cash_outs_market_idx" ON "cash_outs" USING btree ("market_id","user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_out_id_cash_outs_id_fk" FOREIGN KEY ("cash_out_id") REFERENCES "public"."cash_outs"("id") ON DELETE no action ON UPDATE no action;