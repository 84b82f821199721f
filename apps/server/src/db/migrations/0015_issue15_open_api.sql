CREATE TABLE "api_call_stat" (
	"tenant_id" integer NOT NULL,
	"key_id" bigint NOT NULL,
	"api_type" varchar(32) NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"client_errors" integer DEFAULT 0 NOT NULL,
	"server_errors" integer DEFAULT 0 NOT NULL,
	"throttled" integer DEFAULT 0 NOT NULL,
	"latency_ms_sum" bigint DEFAULT 0 NOT NULL,
	"latency_buckets" integer[] NOT NULL,
	CONSTRAINT "api_call_stat_tenant_id_day_key_id_api_type_pk" PRIMARY KEY("tenant_id","day","key_id","api_type")
);
--> statement-breakpoint
CREATE TABLE "api_key_secret" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "api_key_secret_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"key_id" bigint NOT NULL,
	"hash" varchar(64) NOT NULL,
	"shown" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_secret_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "api_key" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "api_key_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"scopes" text[] NOT NULL,
	"ip_allow_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(45) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "push_attempt" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_attempt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"delivery_id" bigint NOT NULL,
	"endpoint_id" bigint NOT NULL,
	"attempt_no" smallint NOT NULL,
	"trigger" varchar(16) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"latency_ms" integer NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"http_status" smallint,
	"response_excerpt" varchar(1000) DEFAULT '' NOT NULL,
	"error" varchar(500) DEFAULT '' NOT NULL,
	CONSTRAINT "push_attempt_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "push_attempt_outcome_ck" CHECK ("push_attempt"."outcome" in ('SUCCESS','HTTP_ERROR','TIMEOUT','NETWORK','BLOCKED_ADDRESS','REDIRECT','GONE','THROTTLED')),
	CONSTRAINT "push_attempt_trigger_ck" CHECK ("push_attempt"."trigger" in ('SCHEDULE','REPLAY','TEST'))
);
--> statement-breakpoint
CREATE TABLE "push_delivery" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"endpoint_id" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"next_trigger" varchar(16) DEFAULT 'SCHEDULE' NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_outcome" varchar(16),
	"last_http_status" smallint,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_delivery_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "push_delivery_status_ck" CHECK ("push_delivery"."status" in ('PENDING','SUCCEEDED','FAILED')),
	CONSTRAINT "push_delivery_trigger_ck" CHECK ("push_delivery"."next_trigger" in ('SCHEDULE','REPLAY','TEST'))
);
--> statement-breakpoint
CREATE TABLE "push_endpoint" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_endpoint_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"url" varchar(2000) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" varchar(16),
	"disabled_at" timestamp with time zone,
	"secret_enc" text NOT NULL,
	"previous_secret_enc" text,
	"previous_secret_until" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_endpoint_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "push_endpoint_disabled_ck" CHECK ("push_endpoint"."disabled_reason" is null or "push_endpoint"."disabled_reason" in ('MANUAL','GONE','FAILING'))
);
--> statement-breakpoint
CREATE TABLE "push_message" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "push_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"msg_id" varchar(40) NOT NULL,
	"type" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_message_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "api_call_stat" ADD CONSTRAINT "api_call_stat_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_secret" ADD CONSTRAINT "api_key_secret_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_secret" ADD CONSTRAINT "api_key_secret_tenant_id_key_id_api_key_tenant_id_id_fk" FOREIGN KEY ("tenant_id","key_id") REFERENCES "public"."api_key"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_revoked_by_sys_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_attempt" ADD CONSTRAINT "push_attempt_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_attempt" ADD CONSTRAINT "push_attempt_tenant_id_delivery_id_push_delivery_tenant_id_id_fk" FOREIGN KEY ("tenant_id","delivery_id") REFERENCES "public"."push_delivery"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_delivery" ADD CONSTRAINT "push_delivery_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_delivery" ADD CONSTRAINT "push_delivery_tenant_id_message_id_push_message_tenant_id_id_fk" FOREIGN KEY ("tenant_id","message_id") REFERENCES "public"."push_message"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_delivery" ADD CONSTRAINT "push_delivery_tenant_id_endpoint_id_push_endpoint_tenant_id_id_fk" FOREIGN KEY ("tenant_id","endpoint_id") REFERENCES "public"."push_endpoint"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_endpoint" ADD CONSTRAINT "push_endpoint_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_endpoint" ADD CONSTRAINT "push_endpoint_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_message" ADD CONSTRAINT "push_message_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_secret_hash_idx" ON "api_key_secret" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_key_secret_key_idx" ON "api_key_secret" USING btree ("tenant_id","key_id");--> statement-breakpoint
CREATE INDEX "api_key_tenant_created_idx" ON "api_key" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "push_attempt_delivery_idx" ON "push_attempt" USING btree ("tenant_id","delivery_id","attempt_no");--> statement-breakpoint
CREATE INDEX "push_attempt_tenant_started_idx" ON "push_attempt" USING btree ("tenant_id","started_at","endpoint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_delivery_message_endpoint_uq" ON "push_delivery" USING btree ("tenant_id","message_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "push_delivery_tenant_endpoint_created_idx" ON "push_delivery" USING btree ("tenant_id","endpoint_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "push_delivery_tenant_created_idx" ON "push_delivery" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "push_delivery_due_idx" ON "push_delivery" USING btree ("next_attempt_at") WHERE "push_delivery"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "push_endpoint_tenant_created_idx" ON "push_endpoint" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "push_message_msg_uq" ON "push_message" USING btree ("tenant_id","msg_id");--> statement-breakpoint
CREATE INDEX "push_message_tenant_created_idx" ON "push_message" USING btree ("tenant_id","created_at");