CREATE SEQUENCE "public"."log_batch_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 20;--> statement-breakpoint
CREATE SEQUENCE "public"."log_exception_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 20;--> statement-breakpoint
CREATE SEQUENCE "public"."log_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 20;--> statement-breakpoint
CREATE TABLE "log_collection_exception" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_collection_exception_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"exception_no" varchar(32) NOT NULL,
	"order_id" bigint NOT NULL,
	"type" varchar(24) NOT NULL,
	"description" varchar(1000) NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"resolution" varchar(24),
	"merchant_remark" varchar(1000) DEFAULT '' NOT NULL,
	"platform_remark" varchar(1000) DEFAULT '' NOT NULL,
	"reported_by" bigint,
	"dealt_by" bigint,
	"dealt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_collection_exception_status_ck" CHECK ("log_collection_exception"."status" in ('0','1','2','3','4'))
);
--> statement-breakpoint
CREATE TABLE "ref_currency" (
	"code" varchar(3) PRIMARY KEY NOT NULL,
	"exponent" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_order_item" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_order_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"line_no" smallint NOT NULL,
	"name" varchar(200) NOT NULL,
	"category" varchar(64) NOT NULL,
	"quantity" integer NOT NULL,
	"specifications" varchar(200) DEFAULT '' NOT NULL,
	"material" varchar(100) DEFAULT '' NOT NULL,
	"unit_price" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	CONSTRAINT "log_order_item_ck" CHECK ("log_order_item"."quantity" > 0 and "log_order_item"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "log_order" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"merchant_order_no" varchar(64) NOT NULL,
	"service_type" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'CREATED' NOT NULL,
	"status_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"destination_country" varchar(2) NOT NULL,
	"warehouse_code" varchar(16) NOT NULL,
	"waybill_no" varchar(64),
	"recipient_name" varchar(100) NOT NULL,
	"recipient_phone" varchar(32) NOT NULL,
	"recipient_address" varchar(300) NOT NULL,
	"recipient_province" varchar(64) DEFAULT '' NOT NULL,
	"recipient_city" varchar(64) DEFAULT '' NOT NULL,
	"recipient_district" varchar(64) DEFAULT '' NOT NULL,
	"recipient_town" varchar(64) DEFAULT '' NOT NULL,
	"recipient_postcode" varchar(16) DEFAULT '' NOT NULL,
	"item_quantity" integer NOT NULL,
	"merchandise_value" bigint NOT NULL,
	"merchandise_currency" varchar(3) NOT NULL,
	"declared_weight" integer NOT NULL,
	"actual_weight" integer,
	"length" integer,
	"width" integer,
	"height" integer,
	"chargeable_weight" integer,
	"freight_quote" bigint,
	"freight_charge" bigint,
	"freight_currency" varchar(3),
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_order_status_ck" CHECK ("log_order"."status" in ('CREATED','WAIT_COLLECT','WHIN','WHOUT','CROSS_BORDER','OVERSEA_WH','END_DELIVERY','DONE','CANCEL','RETURN','LOST')),
	CONSTRAINT "log_order_service_type_ck" CHECK ("log_order"."service_type" in ('BASE','FULL_LINK','HALF_LINK')),
	CONSTRAINT "log_order_amounts_ck" CHECK ("log_order"."merchandise_value" >= 0 and "log_order"."item_quantity" > 0 and "log_order"."declared_weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "log_parcel" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_parcel_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"order_id" bigint,
	"tracking_no" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'FORECAST' NOT NULL,
	"weight" integer,
	"length" integer,
	"width" integer,
	"height" integer,
	"warehouse_code" varchar(16),
	"storage_time" timestamp with time zone,
	"shipment_time" timestamp with time zone,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_parcel_status_ck" CHECK ("log_parcel"."status" in ('FORECAST','IN_WAREHOUSE','SHIPPED'))
);
--> statement-breakpoint
CREATE TABLE "log_pickup_batch_order" (
	"batch_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"tenant_id" integer NOT NULL,
	CONSTRAINT "log_pickup_batch_order_batch_id_order_id_pk" PRIMARY KEY("batch_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "log_pickup_batch" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_pickup_batch_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"status" varchar(24) DEFAULT 'WAIT_PREPARE_GOODS' NOT NULL,
	"shipment_total" integer NOT NULL,
	"estimated_weight" integer NOT NULL,
	"actual_weight" integer,
	"expected_pickup_at" timestamp with time zone NOT NULL,
	"estimated_pickup_at" timestamp with time zone,
	"actual_pickup_at" timestamp with time zone,
	"plate" varchar(20) DEFAULT '' NOT NULL,
	"contact_name" varchar(100) DEFAULT '' NOT NULL,
	"contact_phone" varchar(32) DEFAULT '' NOT NULL,
	"pickup_address" varchar(300) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_pickup_batch_status_ck" CHECK ("log_pickup_batch"."status" in ('WAIT_PREPARE_GOODS','WAIT_TAKE_GOODS','WAIT_CONFIRM_TAKE','FINISH_TAKE_GOODS'))
);
--> statement-breakpoint
CREATE TABLE "log_rate_card" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_rate_card_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"destination_country" varchar(2) NOT NULL,
	"service_type" varchar(16) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"first_weight" integer NOT NULL,
	"first_price" bigint NOT NULL,
	"step_weight" integer NOT NULL,
	"step_price" bigint NOT NULL,
	"volumetric_divisor" integer DEFAULT 6000 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_rate_card_ck" CHECK ("log_rate_card"."first_weight" > 0 and "log_rate_card"."step_weight" > 0 and "log_rate_card"."first_price" >= 0 and "log_rate_card"."step_price" >= 0 and "log_rate_card"."volumetric_divisor" > 0)
);
--> statement-breakpoint
CREATE TABLE "log_tracking_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_tracking_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" varchar(16),
	"from_status" varchar(16),
	"carrier_code" varchar(32),
	"location" varchar(200) DEFAULT '' NOT NULL,
	"description_zh_tw" varchar(500),
	"description_zh_cn" varchar(500),
	"description_en_us" varchar(500),
	"raw_text" varchar(1000),
	"source" varchar(16) NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_tracking_event_source_ck" CHECK ("log_tracking_event"."source" in ('WAREHOUSE','CARRIER','MANUAL','API'))
);
--> statement-breakpoint
ALTER TABLE "log_collection_exception" ADD CONSTRAINT "log_collection_exception_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_collection_exception" ADD CONSTRAINT "log_collection_exception_order_id_log_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."log_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_collection_exception" ADD CONSTRAINT "log_collection_exception_reported_by_sys_user_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_collection_exception" ADD CONSTRAINT "log_collection_exception_dealt_by_sys_user_id_fk" FOREIGN KEY ("dealt_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_order_item" ADD CONSTRAINT "log_order_item_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_order_item" ADD CONSTRAINT "log_order_item_order_id_log_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."log_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_order" ADD CONSTRAINT "log_order_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_order" ADD CONSTRAINT "log_order_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_parcel" ADD CONSTRAINT "log_parcel_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_parcel" ADD CONSTRAINT "log_parcel_order_id_log_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."log_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_pickup_batch_order" ADD CONSTRAINT "log_pickup_batch_order_batch_id_log_pickup_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."log_pickup_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_pickup_batch_order" ADD CONSTRAINT "log_pickup_batch_order_order_id_log_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."log_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_pickup_batch_order" ADD CONSTRAINT "log_pickup_batch_order_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_pickup_batch" ADD CONSTRAINT "log_pickup_batch_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_tracking_event" ADD CONSTRAINT "log_tracking_event_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_tracking_event" ADD CONSTRAINT "log_tracking_event_order_id_log_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."log_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_tracking_event" ADD CONSTRAINT "log_tracking_event_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "log_collection_exception_no_uq" ON "log_collection_exception" USING btree ("exception_no");--> statement-breakpoint
CREATE INDEX "log_collection_exception_tenant_status_idx" ON "log_collection_exception" USING btree ("tenant_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_collection_exception_tenant_created_idx" ON "log_collection_exception" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_collection_exception_order_idx" ON "log_collection_exception" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "log_collection_exception_status_idx" ON "log_collection_exception" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "log_order_item_order_line_uq" ON "log_order_item" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "log_order_no_uq" ON "log_order" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "log_order_merchant_no_uq" ON "log_order" USING btree ("tenant_id","merchant_order_no");--> statement-breakpoint
CREATE INDEX "log_order_tenant_created_idx" ON "log_order" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_order_tenant_status_created_idx" ON "log_order" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_order_tenant_country_created_idx" ON "log_order" USING btree ("tenant_id","destination_country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_order_tenant_status_updated_idx" ON "log_order" USING btree ("tenant_id","status_updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_order_waybill_idx" ON "log_order" USING btree ("waybill_no");--> statement-breakpoint
CREATE INDEX "log_order_status_created_idx" ON "log_order" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "log_parcel_tenant_tracking_uq" ON "log_parcel" USING btree ("tenant_id","tracking_no");--> statement-breakpoint
CREATE INDEX "log_parcel_tracking_idx" ON "log_parcel" USING btree ("tracking_no");--> statement-breakpoint
CREATE INDEX "log_parcel_order_idx" ON "log_parcel" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "log_parcel_tenant_created_idx" ON "log_parcel" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_parcel_tenant_status_idx" ON "log_parcel" USING btree ("tenant_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_parcel_status_storage_idx" ON "log_parcel" USING btree ("status","storage_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_pickup_batch_order_order_idx" ON "log_pickup_batch_order" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "log_pickup_batch_no_uq" ON "log_pickup_batch" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "log_pickup_batch_tenant_created_idx" ON "log_pickup_batch" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_pickup_batch_status_idx" ON "log_pickup_batch" USING btree ("status","expected_pickup_at");--> statement-breakpoint
CREATE UNIQUE INDEX "log_rate_card_route_uq" ON "log_rate_card" USING btree ("destination_country","service_type");--> statement-breakpoint
CREATE INDEX "log_tracking_event_order_time_idx" ON "log_tracking_event" USING btree ("order_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "log_tracking_event_time_idx" ON "log_tracking_event" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);