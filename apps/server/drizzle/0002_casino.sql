CREATE TABLE "casino_launch_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"session_token_hash" text NOT NULL,
	"launch_type" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "casino_launch_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "casino_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"round_id" text NOT NULL,
	"bet_id" text,
	"amount_paise" bigint NOT NULL,
	"reference_transaction_id" text,
	"status" text NOT NULL,
	"balance_after_paise" bigint,
	"request_hash" text NOT NULL,
	"ledger_transfer_id" bigint,
	"bet_state" text,
	"returned_paise" bigint,
	"settled_at" timestamp with time zone,
	"marker" boolean DEFAULT false NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "casino_transactions_amount_check" CHECK ("casino_transactions"."amount_paise" >= 0)
);
--> statement-breakpoint
DROP INDEX "ledger_accounts_single_system_idx";--> statement-breakpoint
ALTER TABLE "casino_launch_tokens" ADD CONSTRAINT "casino_launch_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casino_transactions" ADD CONSTRAINT "casino_transactions_ledger_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("ledger_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "casino_launch_tokens_user_idx" ON "casino_launch_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "casino_transactions_provider_tx_idx" ON "casino_transactions" USING btree ("provider_id","transaction_id");--> statement-breakpoint
CREATE INDEX "casino_transactions_reference_idx" ON "casino_transactions" USING btree ("provider_id","reference_transaction_id");--> statement-breakpoint
CREATE INDEX "casino_transactions_user_created_idx" ON "casino_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "casino_transactions_round_idx" ON "casino_transactions" USING btree ("game_code","round_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_single_system_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."kind" in ('house', 'clearing', 'casino');