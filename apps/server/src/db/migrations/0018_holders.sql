ALTER TABLE "api_key" ADD COLUMN "holder_id" integer;--> statement-breakpoint
ALTER TABLE "push_endpoint" ADD COLUMN "holder_id" integer;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_holder_id_sys_user_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_endpoint" ADD CONSTRAINT "push_endpoint_holder_id_sys_user_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "api_key" SET "holder_id" = "created_by";--> statement-breakpoint
UPDATE "push_endpoint" SET "holder_id" = "created_by";
