ALTER TABLE "users" ADD COLUMN "login_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bet_locked" boolean DEFAULT false NOT NULL;