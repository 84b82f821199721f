CREATE TABLE "onl_form_index" (
	"tenant_id" integer NOT NULL,
	"row_id" bigint NOT NULL,
	"form_id" integer NOT NULL,
	"field_key" varchar(40) NOT NULL,
	"text_value" varchar(255),
	"num_value" numeric,
	"time_value" timestamp with time zone,
	"unique_value" varchar(255),
	CONSTRAINT "onl_form_index_tenant_id_row_id_field_key_pk" PRIMARY KEY("tenant_id","row_id","field_key")
);
--> statement-breakpoint
CREATE TABLE "onl_form_row" (
	"tenant_id" integer NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "onl_form_row_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"form_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onl_form_row_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "onl_form" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"titles" jsonb NOT NULL,
	"definition" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"menu_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "onl_form_code_uq" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "onl_definition_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "onl_definition_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(10) NOT NULL,
	"code" varchar(40) NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"diff" jsonb NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onl_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"titles" jsonb NOT NULL,
	"data_set" varchar(40) NOT NULL,
	"definition" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"menu_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "onl_report_code_uq" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "onl_form_index" ADD CONSTRAINT "onl_form_index_tenant_id_row_id_onl_form_row_tenant_id_id_fk" FOREIGN KEY ("tenant_id","row_id") REFERENCES "public"."onl_form_row"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_form_row" ADD CONSTRAINT "onl_form_row_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_form_row" ADD CONSTRAINT "onl_form_row_form_id_onl_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."onl_form"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_form_row" ADD CONSTRAINT "onl_form_row_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_form_row" ADD CONSTRAINT "onl_form_row_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_form" ADD CONSTRAINT "onl_form_menu_id_sys_permission_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_permission"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_form" ADD CONSTRAINT "onl_form_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_definition_history" ADD CONSTRAINT "onl_definition_history_changed_by_sys_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_report" ADD CONSTRAINT "onl_report_menu_id_sys_permission_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_permission"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onl_report" ADD CONSTRAINT "onl_report_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onl_form_index_text_idx" ON "onl_form_index" USING btree ("tenant_id","form_id","field_key","text_value");--> statement-breakpoint
CREATE INDEX "onl_form_index_num_idx" ON "onl_form_index" USING btree ("tenant_id","form_id","field_key","num_value");--> statement-breakpoint
CREATE INDEX "onl_form_index_time_idx" ON "onl_form_index" USING btree ("tenant_id","form_id","field_key","time_value");--> statement-breakpoint
CREATE UNIQUE INDEX "onl_form_index_unique_uq" ON "onl_form_index" USING btree ("tenant_id","form_id","field_key","unique_value");--> statement-breakpoint
CREATE INDEX "onl_form_row_form_idx" ON "onl_form_row" USING btree ("tenant_id","form_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "onl_definition_history_version_uq" ON "onl_definition_history" USING btree ("kind","code","version");