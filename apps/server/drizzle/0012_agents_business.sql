CREATE TABLE "account_terms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"partnership_bp" integer,
	"match_commission_bp" integer DEFAULT 0 NOT NULL,
	"session_commission_bp" integer DEFAULT 0 NOT NULL,
	"casino_commission_bp" integer DEFAULT 0 NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"set_by" integer,
	CONSTRAINT "account_terms_partnership_check" CHECK ("account_terms"."partnership_bp" is null or "account_terms"."partnership_bp" between 0 and 10000),
	CONSTRAINT "account_terms_commission_check" CHECK ("account_terms"."match_commission_bp" between 0 and 10000 and "account_terms"."session_commission_bp" between 0 and 10000 and "account_terms"."casino_commission_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "cash_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"client_ref" text NOT NULL,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cash_settlements_amount_check" CHECK ("cash_settlements"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "partnership_results" (
	"source" text NOT NULL,
	"source_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"level_user_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"share_bp" integer NOT NULL,
	"pnl_share_paise" bigint NOT NULL,
	"commission_share_paise" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"rolled_back_at" timestamp with time zone,
	CONSTRAINT "partnership_results_source_source_id_version_user_id_level_user_id_pk" PRIMARY KEY("source","source_id","version","user_id","level_user_id")
);
--> statement-breakpoint
DROP INDEX "ledger_accounts_single_system_idx";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "pnl_of_user_id" integer;--> statement-breakpoint
ALTER TABLE "account_terms" ADD CONSTRAINT "account_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_terms" ADD CONSTRAINT "account_terms_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_settlements" ADD CONSTRAINT "cash_settlements_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_settlements" ADD CONSTRAINT "cash_settlements_child_id_users_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_settlements" ADD CONSTRAINT "cash_settlements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnership_results" ADD CONSTRAINT "partnership_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnership_results" ADD CONSTRAINT "partnership_results_level_user_id_users_id_fk" FOREIGN KEY ("level_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_terms_user_idx" ON "account_terms" USING btree ("user_id","effective_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_settlements_client_ref_idx" ON "cash_settlements" USING btree ("recorded_by","client_ref");--> statement-breakpoint
CREATE INDEX "cash_settlements_pair_idx" ON "cash_settlements" USING btree ("parent_id","child_id","created_at");--> statement-breakpoint
CREATE INDEX "partnership_results_level_idx" ON "partnership_results" USING btree ("level_user_id","settled_at");--> statement-breakpoint
CREATE INDEX "partnership_results_user_idx" ON "partnership_results" USING btree ("user_id","settled_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_pnl_of_user_id_users_id_fk" FOREIGN KEY ("pnl_of_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_single_system_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."kind" in ('house', 'clearing', 'casino', 'payout', 'shares');--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_pnl_of_user_id_unique" UNIQUE("pnl_of_user_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_pnl_owner_check" CHECK (("ledger_accounts"."kind" = 'pnl') = ("ledger_accounts"."pnl_of_user_id" is not null));