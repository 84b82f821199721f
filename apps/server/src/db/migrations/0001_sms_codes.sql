CREATE TABLE "sys_sms_code" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_sms_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone" varchar(32) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_sms_code_purpose_ck" CHECK ("sys_sms_code"."purpose" in ('login', 'register', 'reset'))
);
--> statement-breakpoint
CREATE INDEX "sys_sms_code_phone_purpose_time_idx" ON "sys_sms_code" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sys_sms_code_phone_time_idx" ON "sys_sms_code" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sys_sms_code_ip_time_idx" ON "sys_sms_code" USING btree ("ip","created_at");