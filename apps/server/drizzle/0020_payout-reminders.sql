CREATE TABLE "payout_reminders" (
	"partner_id" integer NOT NULL,
	"held_since" timestamp with time zone NOT NULL,
	"day" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payout_reminders_partner_id_held_since_day_pk" PRIMARY KEY("partner_id","held_since","day")
);
--> statement-breakpoint
ALTER TABLE "payout_reminders" ADD CONSTRAINT "payout_reminders_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;