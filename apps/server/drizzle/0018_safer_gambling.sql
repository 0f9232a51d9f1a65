CREATE TABLE "bettor_limits" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount_paise" bigint,
	"pending_amount_paise" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bettor_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "bettor_protection" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reality_check_minutes" integer,
	"restriction_kind" text,
	"restriction_started_at" timestamp with time zone,
	"restriction_ends_at" timestamp with time zone,
	"reopen_asked_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_bet_limits" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"exposure_limit_paise" bigint,
	"max_stake_paise" bigint,
	"extra_bet_delay_ms" integer DEFAULT 0 NOT NULL,
	"blocked_sports" integer[] DEFAULT '{}' NOT NULL,
	"set_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bettor_limits" ADD CONSTRAINT "bettor_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bettor_protection" ADD CONSTRAINT "bettor_protection_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bet_limits" ADD CONSTRAINT "user_bet_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bet_limits" ADD CONSTRAINT "user_bet_limits_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;