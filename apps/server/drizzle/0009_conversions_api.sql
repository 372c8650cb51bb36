CREATE TABLE "conversions_api" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"access_token_encrypted" text,
	"token_updated_at" timestamp with time zone,
	"last_delivery_at" timestamp with time zone,
	"last_delivery_status" text,
	"last_delivery_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversions_api" ADD CONSTRAINT "conversions_api_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;