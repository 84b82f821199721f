-- System administration (issue 12): department roles within their department's ceiling, typed data rules per menu chosen by roles,
-- a user's work number and recycle-bin time, department heads, position ranks.
CREATE TABLE "sys_data_rule" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sys_data_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"permission_id" bigint NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"field" varchar(64) NOT NULL,
	"operator" varchar(16) NOT NULL,
	"value_kind" varchar(16) NOT NULL,
	"value" varchar(500) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_data_rule_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_permission" (
	"tenant_id" integer NOT NULL,
	"role_id" bigint NOT NULL,
	"permission_id" bigint NOT NULL,
	CONSTRAINT "sys_depart_role_permission_role_id_tenant_id_permission_id_pk" PRIMARY KEY("role_id","tenant_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_user" (
	"tenant_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "sys_depart_role_user_user_id_tenant_id_role_id_pk" PRIMARY KEY("user_id","tenant_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sys_depart_role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"department_id" bigint NOT NULL,
	"role_code" varchar(64) NOT NULL,
	"role_name" varchar(100) NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_depart_role_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sys_role_data_rule" (
	"tenant_id" integer NOT NULL,
	"role_id" bigint NOT NULL,
	"rule_id" bigint NOT NULL,
	CONSTRAINT "sys_role_data_rule_role_id_tenant_id_rule_id_pk" PRIMARY KEY("role_id","tenant_id","rule_id")
);
--> statement-breakpoint
ALTER TABLE "sys_position" ADD COLUMN "rank" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user_depart" ADD COLUMN "head" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "work_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "sys_data_rule" ADD CONSTRAINT "sys_data_rule_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_data_rule" ADD CONSTRAINT "sys_data_rule_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_permission" ADD CONSTRAINT "sys_depart_role_permission_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_permission" ADD CONSTRAINT "sys_depart_role_permission_permission_id_sys_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."sys_permission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_permission" ADD CONSTRAINT "sys_depart_role_permission_role_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."sys_depart_role"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_user" ADD CONSTRAINT "sys_depart_role_user_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_user" ADD CONSTRAINT "sys_depart_role_user_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role_user" ADD CONSTRAINT "sys_depart_role_user_role_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."sys_depart_role"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role" ADD CONSTRAINT "sys_depart_role_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_depart_role" ADD CONSTRAINT "sys_depart_role_depart_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."sys_depart"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_data_rule" ADD CONSTRAINT "sys_role_data_rule_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_data_rule" ADD CONSTRAINT "sys_role_data_rule_role_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."sys_role"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_data_rule" ADD CONSTRAINT "sys_role_data_rule_rule_fk" FOREIGN KEY ("tenant_id","rule_id") REFERENCES "public"."sys_data_rule"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_data_rule_permission_idx" ON "sys_data_rule" USING btree ("tenant_id","permission_id");--> statement-breakpoint
CREATE INDEX "sys_depart_role_user_role_idx" ON "sys_depart_role_user" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_depart_role_code_uq" ON "sys_depart_role" USING btree ("tenant_id","department_id","role_code");--> statement-breakpoint
CREATE INDEX "sys_role_data_rule_rule_idx" ON "sys_role_data_rule" USING btree ("tenant_id","rule_id");