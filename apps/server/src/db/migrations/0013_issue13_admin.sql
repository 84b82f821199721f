CREATE TABLE "sys_tenant_package" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_tenant_package_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_announcement_read" (
	"tenant_id" integer NOT NULL,
	"announcement_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_announcement_read_user_id_tenant_id_announcement_id_pk" PRIMARY KEY("user_id","tenant_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "sys_announcement_target" (
	"tenant_id" integer NOT NULL,
	"announcement_id" bigint NOT NULL,
	"target_kind" varchar(8) NOT NULL,
	"target_id" bigint NOT NULL,
	CONSTRAINT "sys_announcement_target_announcement_id_tenant_id_target_kind_target_id_pk" PRIMARY KEY("announcement_id","tenant_id","target_kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "sys_audit_log" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sys_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"user_id" bigint,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"resource" varchar(32) NOT NULL,
	"resource_id" varchar(64) DEFAULT '' NOT NULL,
	"action" varchar(32) NOT NULL,
	"label" varchar(200) DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_audit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_tenant_package_permission" (
	"package_id" bigint NOT NULL,
	"permission_id" bigint NOT NULL,
	CONSTRAINT "sys_tenant_package_permission_package_id_permission_id_pk" PRIMARY KEY("package_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_third_account" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_third_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" varchar(32) NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"email" varchar(255),
	"email_verified" boolean DEFAULT false NOT NULL,
	"display_name" varchar(200) DEFAULT '' NOT NULL,
	"user_id" bigint,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"bound_by" varchar(16),
	"approved_by" bigint,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_third_ticket" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sys_third_ticket_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(8) NOT NULL,
	"value_hash" varchar(64) NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "msg_type" varchar(16) DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "audience" varchar(8) DEFAULT 'ALL' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "start_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "end_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "updated_by" bigint;--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_tenant" ADD COLUMN "package_id" bigint;--> statement-breakpoint
ALTER TABLE "sys_tenant" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_tenant" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_tenant" ADD COLUMN "contact_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_tenant" ADD COLUMN "contact_phone" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_tenant" ADD COLUMN "contact_email" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_dict" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "revoked_reason" varchar(16);--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_session" ADD COLUMN "last_seen_ip" varchar(64);--> statement-breakpoint
ALTER TABLE "sys_announcement_read" ADD CONSTRAINT "sys_announcement_read_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_announcement_read" ADD CONSTRAINT "sys_announcement_read_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_announcement_read" ADD CONSTRAINT "sys_announcement_read_announcement_fk" FOREIGN KEY ("tenant_id","announcement_id") REFERENCES "public"."sys_announcement"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_announcement_target" ADD CONSTRAINT "sys_announcement_target_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_announcement_target" ADD CONSTRAINT "sys_announcement_target_announcement_fk" FOREIGN KEY ("tenant_id","announcement_id") REFERENCES "public"."sys_announcement"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_audit_log" ADD CONSTRAINT "sys_audit_log_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_audit_log" ADD CONSTRAINT "sys_audit_log_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_tenant_package_permission" ADD CONSTRAINT "sys_tenant_package_permission_package_id_sys_tenant_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sys_tenant_package"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_tenant_package_permission" ADD CONSTRAINT "sys_tenant_package_permission_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_third_account" ADD CONSTRAINT "sys_third_account_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_third_account" ADD CONSTRAINT "sys_third_account_approved_by_sys_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_tenant_package_name_uq" ON "sys_tenant_package" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_tenant_package_default_uq" ON "sys_tenant_package" USING btree ("is_default") WHERE "sys_tenant_package"."is_default";--> statement-breakpoint
CREATE INDEX "sys_announcement_target_kind_idx" ON "sys_announcement_target" USING btree ("tenant_id","target_kind","target_id");--> statement-breakpoint
CREATE INDEX "sys_audit_log_tenant_time_idx" ON "sys_audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "sys_audit_log_tenant_resource_idx" ON "sys_audit_log" USING btree ("tenant_id","resource","resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_third_account_subject_uq" ON "sys_third_account" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sys_third_account_user_idx" ON "sys_third_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_third_account_status_idx" ON "sys_third_account" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_third_ticket_value_uq" ON "sys_third_ticket" USING btree ("kind","value_hash");--> statement-breakpoint
CREATE INDEX "sys_third_ticket_expiry_idx" ON "sys_third_ticket" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD CONSTRAINT "sys_announcement_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_tenant" ADD CONSTRAINT "sys_tenant_package_id_sys_tenant_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."sys_tenant_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_announcement_tenant_status_idx" ON "sys_announcement" USING btree ("tenant_id","send_status","send_time");--> statement-breakpoint
CREATE INDEX "sys_session_live_idx" ON "sys_session" USING btree ("expires_at") WHERE "sys_session"."revoked_at" is null;