CREATE SEQUENCE "public"."pur_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 20;--> statement-breakpoint
CREATE TABLE "pur_platform_credential" (
	"platform" varchar(8) PRIMARY KEY NOT NULL,
	"app_key" varchar(64) NOT NULL,
	"app_secret_enc" text NOT NULL,
	"redirect_uri" varchar(500) DEFAULT '' NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"account_name" varchar(100) DEFAULT '' NOT NULL,
	"authorized_at" timestamp with time zone,
	"oauth_state_hash" varchar(64),
	"oauth_state_expires_at" timestamp with time zone,
	"last_refresh_at" timestamp with time zone,
	"last_refresh_error" varchar(500) DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pur_platform_credential_platform_ck" CHECK ("pur_platform_credential"."platform" in ('TAOBAO','1688'))
);
--> statement-breakpoint
CREATE TABLE "pur_pre_order_line" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pur_pre_order_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"pre_order_id" bigint NOT NULL,
	"line_no" smallint NOT NULL,
	"item_id" varchar(32) NOT NULL,
	"sku_id" varchar(32) DEFAULT '' NOT NULL,
	"title" varchar(300) NOT NULL,
	"sku_text" varchar(300) DEFAULT '' NOT NULL,
	"image_url" varchar(500) DEFAULT '' NOT NULL,
	"item_url" varchar(500) DEFAULT '' NOT NULL,
	"seller_id" varchar(64) NOT NULL,
	"store_name" varchar(200) DEFAULT '' NOT NULL,
	"unit_price" bigint NOT NULL,
	"express_fee" bigint DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pur_pre_order_line_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "pur_pre_order_line_ck" CHECK ("pur_pre_order_line"."quantity" > 0 and "pur_pre_order_line"."unit_price" >= 0 and "pur_pre_order_line"."express_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pur_pre_order" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pur_pre_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"pre_order_no" varchar(32) NOT NULL,
	"platform" varchar(8) NOT NULL,
	"status" varchar(16) DEFAULT 'DRAFT' NOT NULL,
	"goods_amount" bigint DEFAULT 0 NOT NULL,
	"express_fee" bigint DEFAULT 0 NOT NULL,
	"service_fee" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"actual_amount" bigint,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"fallback" varchar(24) DEFAULT 'CONTACT_ME' NOT NULL,
	"warehouse_code" varchar(16) NOT NULL,
	"cancel_reason" varchar(500) DEFAULT '' NOT NULL,
	"created_by" integer,
	"submitted_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"purchaser_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pur_pre_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "pur_pre_order_status_ck" CHECK ("pur_pre_order"."status" in ('DRAFT','SUBMITTED','PAID','PURCHASING','DONE','CANCELLED')),
	CONSTRAINT "pur_pre_order_amounts_ck" CHECK ("pur_pre_order"."goods_amount" >= 0 and "pur_pre_order"."express_fee" >= 0 and "pur_pre_order"."service_fee" >= 0 and "pur_pre_order"."total_amount" = "pur_pre_order"."goods_amount" + "pur_pre_order"."express_fee" + "pur_pre_order"."service_fee")
);
--> statement-breakpoint
CREATE TABLE "pur_charge" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pur_charge_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"pre_order_id" bigint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"status" varchar(12) DEFAULT 'UNPAID' NOT NULL,
	"amount" bigint NOT NULL,
	"purchase_order_id" bigint,
	"pay_currency" varchar(3),
	"pay_rate" numeric(24, 10),
	"pay_amount" bigint,
	"pay_order_id" bigint,
	"journal_id" bigint,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pur_charge_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "pur_charge_ck" CHECK ("pur_charge"."amount" > 0 and "pur_charge"."kind" in ('GOODS','TOPUP') and "pur_charge"."status" in ('UNPAID','PAID','CANCELLED')),
	CONSTRAINT "pur_charge_paid_ck" CHECK ("pur_charge"."status" <> 'PAID' or ("pur_charge"."pay_order_id" is not null and "pur_charge"."pay_amount" is not null and "pur_charge"."pay_rate" is not null))
);
--> statement-breakpoint
CREATE TABLE "pur_order_line" (
	"tenant_id" integer NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"pre_order_line_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "pur_order_line_tenant_id_purchase_order_id_pre_order_line_id_pk" PRIMARY KEY("tenant_id","purchase_order_id","pre_order_line_id"),
	CONSTRAINT "pur_order_line_quantity_ck" CHECK ("pur_order_line"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "pur_order" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pur_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"purchase_no" varchar(32) NOT NULL,
	"pre_order_id" bigint NOT NULL,
	"platform" varchar(8) NOT NULL,
	"status" varchar(24) DEFAULT 'PLACING' NOT NULL,
	"external_purchase_no" varchar(64) DEFAULT '' NOT NULL,
	"platform_order_id" varchar(64) DEFAULT '' NOT NULL,
	"seller_id" varchar(64) NOT NULL,
	"store_name" varchar(200) DEFAULT '' NOT NULL,
	"purchase_amount" bigint NOT NULL,
	"purchase_currency" varchar(3) NOT NULL,
	"estimated_express_fee" bigint DEFAULT 0 NOT NULL,
	"domestic_express_fee" bigint,
	"actual_payment_amount" bigint,
	"actual_payment_currency" varchar(3),
	"express_company" varchar(64) DEFAULT '' NOT NULL,
	"express_no" varchar(64),
	"warehouse_code" varchar(16) NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"purchaser_id" integer,
	"placed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"received_by" integer,
	"reconciled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pur_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "pur_order_status_ck" CHECK ("pur_order"."status" in ('PLACING','AWAITING_CONFIRMATION','PURCHASED','SELLER_SHIPPED','IN_STOCK','CANCELLED','OUT_OF_STOCK','REFUNDED')),
	CONSTRAINT "pur_order_amounts_ck" CHECK ("pur_order"."purchase_amount" >= 0 and "pur_order"."estimated_express_fee" >= 0 and coalesce("pur_order"."domestic_express_fee", 0) >= 0 and coalesce("pur_order"."actual_payment_amount", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "pur_stock_item" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "pur_stock_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"purchase_order_id" bigint NOT NULL,
	"pre_order_line_id" bigint NOT NULL,
	"title" varchar(300) NOT NULL,
	"sku_text" varchar(300) DEFAULT '' NOT NULL,
	"image_url" varchar(500) DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"warehouse_code" varchar(16) NOT NULL,
	"status" varchar(12) DEFAULT 'IN_STOCK' NOT NULL,
	"logistics_order_id" bigint,
	"received_by" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pur_stock_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "pur_stock_item_ck" CHECK ("pur_stock_item"."quantity" > 0 and "pur_stock_item"."unit_price" >= 0 and "pur_stock_item"."status" in ('IN_STOCK','ALLOCATED','SHIPPED')),
	CONSTRAINT "pur_stock_item_allocated_ck" CHECK (("pur_stock_item"."status" = 'IN_STOCK') = ("pur_stock_item"."logistics_order_id" is null))
);
--> statement-breakpoint
ALTER TABLE "pur_platform_credential" ADD CONSTRAINT "pur_platform_credential_updated_by_sys_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_pre_order_line" ADD CONSTRAINT "pur_pre_order_line_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_pre_order_line" ADD CONSTRAINT "pur_pre_order_line_pre_order_fk" FOREIGN KEY ("tenant_id","pre_order_id") REFERENCES "public"."pur_pre_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_pre_order" ADD CONSTRAINT "pur_pre_order_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_pre_order" ADD CONSTRAINT "pur_pre_order_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_pre_order" ADD CONSTRAINT "pur_pre_order_purchaser_id_sys_user_id_fk" FOREIGN KEY ("purchaser_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_charge" ADD CONSTRAINT "pur_charge_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_charge" ADD CONSTRAINT "pur_charge_pay_currency_ref_currency_code_fk" FOREIGN KEY ("pay_currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_charge" ADD CONSTRAINT "pur_charge_paid_by_sys_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_charge" ADD CONSTRAINT "pur_charge_pre_order_fk" FOREIGN KEY ("tenant_id","pre_order_id") REFERENCES "public"."pur_pre_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_charge" ADD CONSTRAINT "pur_charge_pay_order_fk" FOREIGN KEY ("tenant_id","pay_order_id") REFERENCES "public"."fin_pay_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_charge" ADD CONSTRAINT "pur_charge_journal_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."fin_journal"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_order_line" ADD CONSTRAINT "pur_order_line_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_order_line" ADD CONSTRAINT "pur_order_line_order_fk" FOREIGN KEY ("tenant_id","purchase_order_id") REFERENCES "public"."pur_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_order_line" ADD CONSTRAINT "pur_order_line_pre_line_fk" FOREIGN KEY ("tenant_id","pre_order_line_id") REFERENCES "public"."pur_pre_order_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_order" ADD CONSTRAINT "pur_order_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_order" ADD CONSTRAINT "pur_order_purchase_currency_ref_currency_code_fk" FOREIGN KEY ("purchase_currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_order" ADD CONSTRAINT "pur_order_actual_payment_currency_ref_currency_code_fk" FOREIGN KEY ("actual_payment_currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_order" ADD CONSTRAINT "pur_order_purchaser_id_sys_user_id_fk" FOREIGN KEY ("purchaser_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_order" ADD CONSTRAINT "pur_order_received_by_sys_user_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_order" ADD CONSTRAINT "pur_order_pre_order_fk" FOREIGN KEY ("tenant_id","pre_order_id") REFERENCES "public"."pur_pre_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_stock_item" ADD CONSTRAINT "pur_stock_item_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_stock_item" ADD CONSTRAINT "pur_stock_item_received_by_sys_user_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_stock_item" ADD CONSTRAINT "pur_stock_item_order_fk" FOREIGN KEY ("tenant_id","purchase_order_id") REFERENCES "public"."pur_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_stock_item" ADD CONSTRAINT "pur_stock_item_pre_line_fk" FOREIGN KEY ("tenant_id","pre_order_line_id") REFERENCES "public"."pur_pre_order_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pur_stock_item" ADD CONSTRAINT "pur_stock_item_logistics_order_fk" FOREIGN KEY ("tenant_id","logistics_order_id") REFERENCES "public"."log_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pur_pre_order_line_no_uq" ON "pur_pre_order_line" USING btree ("tenant_id","pre_order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pur_pre_order_no_uq" ON "pur_pre_order" USING btree ("tenant_id","pre_order_no");--> statement-breakpoint
CREATE INDEX "pur_pre_order_no_idx" ON "pur_pre_order" USING btree ("pre_order_no");--> statement-breakpoint
CREATE INDEX "pur_pre_order_tenant_no_search_idx" ON "pur_pre_order" USING btree ("tenant_id",upper("pre_order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "pur_pre_order_tenant_platform_idx" ON "pur_pre_order" USING btree ("tenant_id","platform","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pur_pre_order_tenant_platform_status_idx" ON "pur_pre_order" USING btree ("tenant_id","platform","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pur_pre_order_status_paid_idx" ON "pur_pre_order" USING btree ("status","paid_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pur_pre_order_draft_uq" ON "pur_pre_order" USING btree ("tenant_id","created_by","platform") WHERE "pur_pre_order"."status" = 'DRAFT';--> statement-breakpoint
CREATE INDEX "pur_charge_pre_order_idx" ON "pur_charge" USING btree ("tenant_id","pre_order_id");--> statement-breakpoint
CREATE INDEX "pur_charge_tenant_status_idx" ON "pur_charge" USING btree ("tenant_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pur_charge_goods_uq" ON "pur_charge" USING btree ("tenant_id","pre_order_id") WHERE "pur_charge"."kind" = 'GOODS';--> statement-breakpoint
CREATE INDEX "pur_order_line_pre_line_idx" ON "pur_order_line" USING btree ("tenant_id","pre_order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pur_order_no_uq" ON "pur_order" USING btree ("tenant_id","purchase_no");--> statement-breakpoint
CREATE INDEX "pur_order_no_idx" ON "pur_order" USING btree ("purchase_no");--> statement-breakpoint
CREATE INDEX "pur_order_pre_order_idx" ON "pur_order" USING btree ("tenant_id","pre_order_id");--> statement-breakpoint
CREATE INDEX "pur_order_tenant_platform_idx" ON "pur_order" USING btree ("tenant_id","platform","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pur_order_tenant_platform_status_idx" ON "pur_order" USING btree ("tenant_id","platform","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pur_order_status_idx" ON "pur_order" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pur_order_express_no_idx" ON "pur_order" USING btree (upper("express_no"));--> statement-breakpoint
CREATE INDEX "pur_order_external_idx" ON "pur_order" USING btree ("platform","external_purchase_no");--> statement-breakpoint
CREATE UNIQUE INDEX "pur_stock_item_line_uq" ON "pur_stock_item" USING btree ("tenant_id","purchase_order_id","pre_order_line_id");--> statement-breakpoint
CREATE INDEX "pur_stock_item_tenant_status_idx" ON "pur_stock_item" USING btree ("tenant_id","status","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pur_stock_item_logistics_order_idx" ON "pur_stock_item" USING btree ("tenant_id","logistics_order_id");