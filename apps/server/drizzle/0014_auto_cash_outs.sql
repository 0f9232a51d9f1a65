CREATE TABLE "auto_cash_outs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"take_profit_paise" bigint,
	"stop_loss_paise" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auto_cash_outs_bounds_check" CHECK (("auto_cash_outs"."take_profit_paise" is not null or "auto_cash_outs"."stop_loss_paise" is not null) and coalesce("auto_cash_outs"."stop_loss_paise", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "auto_cash_outs" ADD CONSTRAINT "auto_cash_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_cash_outs" ADD CONSTRAINT "auto_cash_outs_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_cash_outs_user_market_idx" ON "auto_cash_outs" USING btree ("user_id","market_id");--> statement-breakpoint
CREATE INDEX "auto_cash_outs_market_idx" ON "auto_cash_outs" USING btree ("market_id");