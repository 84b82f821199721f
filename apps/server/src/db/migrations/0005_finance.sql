CREATE SEQUENCE "public"."fin_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 20;--> statement-breakpoint
CREATE TABLE "fin_account" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_account_wallet_not_negative" CHECK ("fin_account"."kind" <> 'WALLET' or "fin_account"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fin_entry" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"tenant_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"posted_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "fin_entry_amount_not_zero" CHECK ("fin_entry"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "fin_idempotency" (
	"tenant_id" integer NOT NULL,
	"key" varchar(100) NOT NULL,
	"user_id" integer,
	"request_hash" varchar(64) NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_idempotency_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "fin_journal" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_journal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ref_no" varchar(32) NOT NULL,
	"memo" varchar(300) DEFAULT '' NOT NULL,
	"rate" numeric(24, 10),
	"reverses_id" bigint,
	"created_by" integer,
	"posted_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_pay_order" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_pay_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"pay_order_no" varchar(32) NOT NULL,
	"source" varchar(16) NOT NULL,
	"source_id" bigint NOT NULL,
	"source_no" varchar(32) NOT NULL,
	"payment_id" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_pay_order_refund_within" CHECK ("fin_pay_order"."refunded" >= 0 and "fin_pay_order"."refunded" <= "fin_pay_order"."amount")
);
--> statement-breakpoint
CREATE TABLE "fin_payment_line" (
	"payment_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "fin_payment_line_payment_id_order_id_pk" PRIMARY KEY("payment_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "fin_payment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"payment_no" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'DRAFT' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"journal_id" bigint,
	"created_by" integer,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_rate_apply" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_rate_apply_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"apply_no" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'DRAFT' NOT NULL,
	"base_currency" varchar(3) NOT NULL,
	"quote_currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"requested_rate" numeric(24, 10) NOT NULL,
	"approved_rate" numeric(24, 10),
	"valid_until" timestamp with time zone,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"decision_remark" varchar(500) DEFAULT '' NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_rate" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_rate_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"base_currency" varchar(3) NOT NULL,
	"quote_currency" varchar(3) NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_rate_positive" CHECK ("fin_rate"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "fin_recharge" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_recharge_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"recharge_no" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'DRAFT' NOT NULL,
	"transfer_currency" varchar(3) NOT NULL,
	"transfer_amount" bigint NOT NULL,
	"received_currency" varchar(3) NOT NULL,
	"received_amount" bigint,
	"rate" numeric(24, 10),
	"rate_apply_id" bigint,
	"payer_name" varchar(100) DEFAULT '' NOT NULL,
	"payer_account" varchar(64) DEFAULT '' NOT NULL,
	"receiving_account_code" varchar(16) NOT NULL,
	"transferred_at" timestamp with time zone,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"reject_reason" varchar(500) DEFAULT '' NOT NULL,
	"journal_id" bigint,
	"created_by" integer,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_recharge_amount_positive" CHECK ("fin_recharge"."transfer_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fin_refund" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'SUBMITTED' NOT NULL,
	"kind" varchar(16) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"pay_order_id" bigint,
	"payee_name" varchar(100) DEFAULT '' NOT NULL,
	"payee_account" varchar(64) DEFAULT '' NOT NULL,
	"payee_bank" varchar(100) DEFAULT '' NOT NULL,
	"reason" varchar(500) DEFAULT '' NOT NULL,
	"decision_remark" varchar(500) DEFAULT '' NOT NULL,
	"journal_id" bigint,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_refund_amount_positive" CHECK ("fin_refund"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fin_statement" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_statement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"month" varchar(7) NOT NULL,
	"opening" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"debits" bigint NOT NULL,
	"closing" bigint NOT NULL,
	"entry_count" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"generated_by" integer,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_voucher" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fin_voucher_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" integer NOT NULL,
	"recharge_id" bigint,
	"stored_name" varchar(64) NOT NULL,
	"original_name" varchar(200) NOT NULL,
	"mime_type" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_account" ADD CONSTRAINT "fin_account_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_account" ADD CONSTRAINT "fin_account_currency_ref_currency_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_entry" ADD CONSTRAINT "fin_entry_journal_id_fin_journal_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."fin_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_entry" ADD CONSTRAINT "fin_entry_account_id_fin_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."fin_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_entry" ADD CONSTRAINT "fin_entry_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_entry" ADD CONSTRAINT "fin_entry_currency_ref_currency_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_idempotency" ADD CONSTRAINT "fin_idempotency_user_id_sys_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_journal" ADD CONSTRAINT "fin_journal_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_journal" ADD CONSTRAINT "fin_journal_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pay_order" ADD CONSTRAINT "fin_pay_order_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pay_order" ADD CONSTRAINT "fin_pay_order_payment_id_fin_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fin_payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_pay_order" ADD CONSTRAINT "fin_pay_order_currency_ref_currency_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment_line" ADD CONSTRAINT "fin_payment_line_payment_id_fin_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fin_payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment_line" ADD CONSTRAINT "fin_payment_line_order_id_log_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."log_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment" ADD CONSTRAINT "fin_payment_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment" ADD CONSTRAINT "fin_payment_currency_ref_currency_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment" ADD CONSTRAINT "fin_payment_journal_id_fin_journal_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."fin_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment" ADD CONSTRAINT "fin_payment_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment" ADD CONSTRAINT "fin_payment_paid_by_sys_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_rate_apply" ADD CONSTRAINT "fin_rate_apply_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_rate_apply" ADD CONSTRAINT "fin_rate_apply_base_currency_ref_currency_code_fk" FOREIGN KEY ("base_currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_rate_apply" ADD CONSTRAINT "fin_rate_apply_quote_currency_ref_currency_code_fk" FOREIGN KEY ("quote_currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_rate_apply" ADD CONSTRAINT "fin_rate_apply_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_rate_apply" ADD CONSTRAINT "fin_rate_apply_decided_by_sys_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_rate" ADD CONSTRAINT "fin_rate_base_currency_ref_currency_code_fk" FOREIGN KEY ("base_currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_rate" ADD CONSTRAINT "fin_rate_quote_currency_ref_currency_code_fk" FOREIGN KEY ("quote_currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_rate" ADD CONSTRAINT "fin_rate_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_transfer_currency_ref_currency_code_fk" FOREIGN KEY ("transfer_currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_received_currency_ref_currency_code_fk" FOREIGN KEY ("received_currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_rate_apply_id_fin_rate_apply_id_fk" FOREIGN KEY ("rate_apply_id") REFERENCES "public"."fin_rate_apply"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_journal_id_fin_journal_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."fin_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_submitted_by_sys_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_decided_by_sys_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_refund" ADD CONSTRAINT "fin_refund_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_refund" ADD CONSTRAINT "fin_refund_currency_ref_currency_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_refund" ADD CONSTRAINT "fin_refund_pay_order_id_fin_pay_order_id_fk" FOREIGN KEY ("pay_order_id") REFERENCES "public"."fin_pay_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_refund" ADD CONSTRAINT "fin_refund_journal_id_fin_journal_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."fin_journal"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_refund" ADD CONSTRAINT "fin_refund_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_refund" ADD CONSTRAINT "fin_refund_decided_by_sys_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement" ADD CONSTRAINT "fin_statement_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement" ADD CONSTRAINT "fin_statement_currency_ref_currency_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."ref_currency"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_statement" ADD CONSTRAINT "fin_statement_generated_by_sys_user_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_voucher" ADD CONSTRAINT "fin_voucher_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_voucher" ADD CONSTRAINT "fin_voucher_recharge_id_fin_recharge_id_fk" FOREIGN KEY ("recharge_id") REFERENCES "public"."fin_recharge"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_voucher" ADD CONSTRAINT "fin_voucher_created_by_sys_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."sys_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_account_uq" ON "fin_account" USING btree ("tenant_id","kind","currency");--> statement-breakpoint
CREATE INDEX "fin_entry_account_idx" ON "fin_entry" USING btree ("account_id","posted_at","id");--> statement-breakpoint
CREATE INDEX "fin_entry_tenant_idx" ON "fin_entry" USING btree ("tenant_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_entry_journal_idx" ON "fin_entry" USING btree ("journal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_journal_reverses_uq" ON "fin_journal" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "fin_journal_tenant_posted_idx" ON "fin_journal" USING btree ("tenant_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_journal_ref_idx" ON "fin_journal" USING btree ("ref_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pay_order_no_uq" ON "fin_pay_order" USING btree ("pay_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pay_order_source_uq" ON "fin_pay_order" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "fin_pay_order_tenant_idx" ON "fin_pay_order" USING btree ("tenant_id","paid_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_pay_order_payment_idx" ON "fin_pay_order" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fin_payment_line_order_idx" ON "fin_payment_line" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_payment_no_uq" ON "fin_payment" USING btree ("payment_no");--> statement-breakpoint
CREATE INDEX "fin_payment_tenant_idx" ON "fin_payment" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_payment_tenant_status_idx" ON "fin_payment" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_rate_apply_no_uq" ON "fin_rate_apply" USING btree ("apply_no");--> statement-breakpoint
CREATE INDEX "fin_rate_apply_tenant_idx" ON "fin_rate_apply" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_rate_apply_status_idx" ON "fin_rate_apply" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_rate_pair_idx" ON "fin_rate" USING btree ("base_currency","quote_currency","effective_from" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_recharge_no_uq" ON "fin_recharge" USING btree ("recharge_no");--> statement-breakpoint
CREATE INDEX "fin_recharge_tenant_idx" ON "fin_recharge" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_recharge_tenant_status_idx" ON "fin_recharge" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_recharge_status_idx" ON "fin_recharge" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_refund_no_uq" ON "fin_refund" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "fin_refund_tenant_idx" ON "fin_refund" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_refund_tenant_status_idx" ON "fin_refund" USING btree ("tenant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_refund_status_idx" ON "fin_refund" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fin_refund_pay_order_idx" ON "fin_refund" USING btree ("pay_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_statement_uq" ON "fin_statement" USING btree ("tenant_id","currency","month");--> statement-breakpoint
CREATE INDEX "fin_statement_tenant_idx" ON "fin_statement" USING btree ("tenant_id","month" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_voucher_stored_uq" ON "fin_voucher" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "fin_voucher_recharge_idx" ON "fin_voucher" USING btree ("recharge_id");--> statement-breakpoint
CREATE INDEX "fin_voucher_tenant_idx" ON "fin_voucher" USING btree ("tenant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The ledger's rules in the database itself (decision 0007): entries and journals are append-only ...
CREATE FUNCTION fin_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER fin_entry_append_only BEFORE UPDATE OR DELETE ON "fin_entry" FOR EACH ROW EXECUTE FUNCTION fin_refuse_change();
--> statement-breakpoint
CREATE TRIGGER fin_journal_append_only BEFORE UPDATE OR DELETE ON "fin_journal" FOR EACH ROW EXECUTE FUNCTION fin_refuse_change();
--> statement-breakpoint
-- ... and at commit, every journal's entries sum to zero in each currency.
CREATE FUNCTION fin_check_journal_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  SELECT currency INTO unbalanced FROM fin_entry WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal % does not balance in %', NEW.journal_id, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER fin_entry_balanced AFTER INSERT ON "fin_entry" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fin_check_journal_balance();
