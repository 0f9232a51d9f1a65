ALTER TABLE "user_settings" ADD COLUMN "muted_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The kinds a user received become the kinds it muted: every kind of the time but those.
UPDATE "user_settings" SET "muted_kinds" = (
  SELECT coalesce(jsonb_agg(k), '[]'::jsonb)
  FROM jsonb_array_elements_text('["BET_MATCHED","BET_LAPSED","BET_CANCELLED","MARKET_SETTLED","BET_VOIDED","CASH_OUT","AUTO_CASH_OUT_FIRED","AUTO_CASH_OUT_FAILED","PAYMENT_DECIDED","CHIPS_MOVED"]'::jsonb) AS k
  WHERE NOT ("user_settings"."notification_kinds" ? k)
);--> statement-breakpoint
ALTER TABLE "user_settings" DROP COLUMN "notification_kinds";
