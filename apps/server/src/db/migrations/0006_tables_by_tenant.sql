-- Tables by tenant (docs/decisions/0010-tables-by-tenant.md): every table with a tenant_id is
-- distributable by it. Primary keys become (tenant_id, id), unique keys include tenant_id, references
-- between tenant tables carry tenant_id. Written by hand from drizzle-kit's draft: drizzle-kit cannot name
-- the primary keys it drops, fill a new NOT NULL column, or write ON DELETE SET NULL (column).
-- Users are shared by tenants (a reference table): their tenant is the default one, not tenant_id.
ALTER TABLE "sys_user" RENAME COLUMN "tenant_id" TO "default_tenant_id";
--> statement-breakpoint
ALTER TABLE "sys_user" RENAME CONSTRAINT "sys_user_tenant_id_sys_tenant_id_fk" TO "sys_user_default_tenant_id_sys_tenant_id_fk";
--> statement-breakpoint
-- an attempt that names no known user belongs to the platform (tenant 0)
UPDATE "sys_login_log" SET "tenant_id" = 0 WHERE "tenant_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "sys_login_log" ALTER COLUMN "tenant_id" SET DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "sys_login_log" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
-- link rows take the tenant of the row they link to
ALTER TABLE "sys_user_depart" ADD COLUMN "tenant_id" integer;
--> statement-breakpoint
UPDATE "sys_user_depart" SET "tenant_id" = p."tenant_id" FROM "sys_depart" p WHERE p."id" = "sys_user_depart"."department_id";
--> statement-breakpoint
ALTER TABLE "sys_user_depart" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "sys_user_position" ADD COLUMN "tenant_id" integer;
--> statement-breakpoint
UPDATE "sys_user_position" SET "tenant_id" = p."tenant_id" FROM "sys_position" p WHERE p."id" = "sys_user_position"."position_id";
--> statement-breakpoint
ALTER TABLE "sys_user_position" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD COLUMN "tenant_id" integer;
--> statement-breakpoint
UPDATE "sys_user_role" SET "tenant_id" = p."tenant_id" FROM "sys_role" p WHERE p."id" = "sys_user_role"."role_id";
--> statement-breakpoint
ALTER TABLE "sys_user_role" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "sys_role_permission" ADD COLUMN "tenant_id" integer;
--> statement-breakpoint
UPDATE "sys_role_permission" SET "tenant_id" = p."tenant_id" FROM "sys_role" p WHERE p."id" = "sys_role_permission"."role_id";
--> statement-breakpoint
ALTER TABLE "sys_role_permission" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "sys_depart_permission" ADD COLUMN "tenant_id" integer;
--> statement-breakpoint
UPDATE "sys_depart_permission" SET "tenant_id" = p."tenant_id" FROM "sys_depart" p WHERE p."id" = "sys_depart_permission"."department_id";
--> statement-breakpoint
ALTER TABLE "sys_depart_permission" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "fin_payment_line" ADD COLUMN "tenant_id" integer;
--> statement-breakpoint
UPDATE "fin_payment_line" SET "tenant_id" = p."tenant_id" FROM "fin_payment" p WHERE p."id" = "fin_payment_line"."payment_id";
--> statement-breakpoint
ALTER TABLE "fin_payment_line" ALTER COLUMN "tenant_id" SET NOT NULL;
--> statement-breakpoint
-- the references by id alone go first: they depend on the primary keys being replaced
--> statement-breakpoint
ALTER TABLE "sys_depart_permission" DROP CONSTRAINT "sys_depart_permission_department_id_sys_depart_id_fk";
--> statement-breakpoint
ALTER TABLE "sys_role_permission" DROP CONSTRAINT "sys_role_permission_role_id_sys_role_id_fk";
--> statement-breakpoint
ALTER TABLE "sys_user_depart" DROP CONSTRAINT "sys_user_depart_department_id_sys_depart_id_fk";
--> statement-breakpoint
ALTER TABLE "sys_user_position" DROP CONSTRAINT "sys_user_position_position_id_sys_position_id_fk";
--> statement-breakpoint
ALTER TABLE "sys_user_role" DROP CONSTRAINT "sys_user_role_role_id_sys_role_id_fk";
--> statement-breakpoint
ALTER TABLE "log_collection_exception" DROP CONSTRAINT "log_collection_exception_order_id_log_order_id_fk";
--> statement-breakpoint
ALTER TABLE "log_order_item" DROP CONSTRAINT "log_order_item_order_id_log_order_id_fk";
--> statement-breakpoint
ALTER TABLE "log_parcel" DROP CONSTRAINT "log_parcel_order_id_log_order_id_fk";
--> statement-breakpoint
ALTER TABLE "log_pickup_batch_order" DROP CONSTRAINT "log_pickup_batch_order_batch_id_log_pickup_batch_id_fk";
--> statement-breakpoint
ALTER TABLE "log_pickup_batch_order" DROP CONSTRAINT "log_pickup_batch_order_order_id_log_order_id_fk";
--> statement-breakpoint
ALTER TABLE "log_tracking_event" DROP CONSTRAINT "log_tracking_event_order_id_log_order_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_entry" DROP CONSTRAINT "fin_entry_journal_id_fin_journal_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_entry" DROP CONSTRAINT "fin_entry_account_id_fin_account_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_pay_order" DROP CONSTRAINT "fin_pay_order_payment_id_fin_payment_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_payment_line" DROP CONSTRAINT "fin_payment_line_payment_id_fin_payment_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_payment_line" DROP CONSTRAINT "fin_payment_line_order_id_log_order_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_payment" DROP CONSTRAINT "fin_payment_journal_id_fin_journal_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_recharge" DROP CONSTRAINT "fin_recharge_rate_apply_id_fin_rate_apply_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_recharge" DROP CONSTRAINT "fin_recharge_journal_id_fin_journal_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_refund" DROP CONSTRAINT "fin_refund_pay_order_id_fin_pay_order_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_refund" DROP CONSTRAINT "fin_refund_journal_id_fin_journal_id_fk";
--> statement-breakpoint
ALTER TABLE "fin_voucher" DROP CONSTRAINT "fin_voucher_recharge_id_fin_recharge_id_fk";
--> statement-breakpoint
DROP INDEX "log_order_tenant_no_idx";
--> statement-breakpoint
DROP INDEX "sys_user_depart_depart_idx";
--> statement-breakpoint
DROP INDEX "sys_user_role_role_idx";
--> statement-breakpoint
DROP INDEX "log_collection_exception_no_uq";
--> statement-breakpoint
DROP INDEX "log_order_item_order_line_uq";
--> statement-breakpoint
DROP INDEX "log_order_no_uq";
--> statement-breakpoint
DROP INDEX "log_parcel_order_idx";
--> statement-breakpoint
DROP INDEX "log_pickup_batch_no_uq";
--> statement-breakpoint
DROP INDEX "fin_journal_reverses_uq";
--> statement-breakpoint
DROP INDEX "fin_pay_order_no_uq";
--> statement-breakpoint
DROP INDEX "fin_pay_order_source_uq";
--> statement-breakpoint
DROP INDEX "fin_payment_no_uq";
--> statement-breakpoint
DROP INDEX "fin_rate_apply_no_uq";
--> statement-breakpoint
DROP INDEX "fin_recharge_no_uq";
--> statement-breakpoint
DROP INDEX "fin_refund_no_uq";
--> statement-breakpoint
DROP INDEX "fin_refund_pay_order_idx";
--> statement-breakpoint
DROP INDEX "fin_voucher_stored_uq";
--> statement-breakpoint
DROP INDEX "fin_voucher_recharge_idx";
--> statement-breakpoint
ALTER TABLE "sys_depart_permission" DROP CONSTRAINT "sys_depart_permission_department_id_permission_id_pk";
--> statement-breakpoint
ALTER TABLE "sys_role_permission" DROP CONSTRAINT "sys_role_permission_role_id_permission_id_pk";
--> statement-breakpoint
ALTER TABLE "sys_user_depart" DROP CONSTRAINT "sys_user_depart_user_id_department_id_pk";
--> statement-breakpoint
ALTER TABLE "sys_user_position" DROP CONSTRAINT "sys_user_position_user_id_position_id_pk";
--> statement-breakpoint
ALTER TABLE "sys_user_role" DROP CONSTRAINT "sys_user_role_user_id_role_id_pk";
--> statement-breakpoint
ALTER TABLE "log_pickup_batch_order" DROP CONSTRAINT "log_pickup_batch_order_batch_id_order_id_pk";
--> statement-breakpoint
ALTER TABLE "fin_payment_line" DROP CONSTRAINT "fin_payment_line_payment_id_order_id_pk";
--> statement-breakpoint
ALTER TABLE "sys_announcement" DROP CONSTRAINT "sys_announcement_pkey";
--> statement-breakpoint
ALTER TABLE "sys_depart" DROP CONSTRAINT "sys_depart_pkey";
--> statement-breakpoint
ALTER TABLE "sys_position" DROP CONSTRAINT "sys_position_pkey";
--> statement-breakpoint
ALTER TABLE "sys_role" DROP CONSTRAINT "sys_role_pkey";
--> statement-breakpoint
ALTER TABLE "sys_login_log" DROP CONSTRAINT "sys_login_log_pkey";
--> statement-breakpoint
ALTER TABLE "sys_visit_log" DROP CONSTRAINT "sys_visit_log_pkey";
--> statement-breakpoint
ALTER TABLE "log_collection_exception" DROP CONSTRAINT "log_collection_exception_pkey";
--> statement-breakpoint
ALTER TABLE "log_order_item" DROP CONSTRAINT "log_order_item_pkey";
--> statement-breakpoint
ALTER TABLE "log_order" DROP CONSTRAINT "log_order_pkey";
--> statement-breakpoint
ALTER TABLE "log_parcel" DROP CONSTRAINT "log_parcel_pkey";
--> statement-breakpoint
ALTER TABLE "log_pickup_batch" DROP CONSTRAINT "log_pickup_batch_pkey";
--> statement-breakpoint
ALTER TABLE "log_tracking_event" DROP CONSTRAINT "log_tracking_event_pkey";
--> statement-breakpoint
ALTER TABLE "fin_account" DROP CONSTRAINT "fin_account_pkey";
--> statement-breakpoint
ALTER TABLE "fin_entry" DROP CONSTRAINT "fin_entry_pkey";
--> statement-breakpoint
ALTER TABLE "fin_journal" DROP CONSTRAINT "fin_journal_pkey";
--> statement-breakpoint
ALTER TABLE "fin_pay_order" DROP CONSTRAINT "fin_pay_order_pkey";
--> statement-breakpoint
ALTER TABLE "fin_payment" DROP CONSTRAINT "fin_payment_pkey";
--> statement-breakpoint
ALTER TABLE "fin_rate_apply" DROP CONSTRAINT "fin_rate_apply_pkey";
--> statement-breakpoint
ALTER TABLE "fin_recharge" DROP CONSTRAINT "fin_recharge_pkey";
--> statement-breakpoint
ALTER TABLE "fin_refund" DROP CONSTRAINT "fin_refund_pkey";
--> statement-breakpoint
ALTER TABLE "fin_statement" DROP CONSTRAINT "fin_statement_pkey";
--> statement-breakpoint
ALTER TABLE "fin_voucher" DROP CONSTRAINT "fin_voucher_pkey";
--> statement-breakpoint
ALTER TABLE "sys_announcement" ADD CONSTRAINT "sys_announcement_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "sys_depart_permission" ADD CONSTRAINT "sys_depart_permission_department_id_tenant_id_permission_id_pk" PRIMARY KEY("department_id","tenant_id","permission_id");
--> statement-breakpoint
ALTER TABLE "sys_depart" ADD CONSTRAINT "sys_depart_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "sys_position" ADD CONSTRAINT "sys_position_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "sys_role_permission" ADD CONSTRAINT "sys_role_permission_role_id_tenant_id_permission_id_pk" PRIMARY KEY("role_id","tenant_id","permission_id");
--> statement-breakpoint
ALTER TABLE "sys_role" ADD CONSTRAINT "sys_role_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "sys_user_depart" ADD CONSTRAINT "sys_user_depart_user_id_tenant_id_department_id_pk" PRIMARY KEY("user_id","tenant_id","department_id");
--> statement-breakpoint
ALTER TABLE "sys_user_position" ADD CONSTRAINT "sys_user_position_user_id_tenant_id_position_id_pk" PRIMARY KEY("user_id","tenant_id","position_id");
--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_tenant_id_role_id_pk" PRIMARY KEY("user_id","tenant_id","role_id");
--> statement-breakpoint
ALTER TABLE "sys_login_log" ADD CONSTRAINT "sys_login_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "sys_visit_log" ADD CONSTRAINT "sys_visit_log_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "log_collection_exception" ADD CONSTRAINT "log_collection_exception_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "log_order_item" ADD CONSTRAINT "log_order_item_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "log_order" ADD CONSTRAINT "log_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "log_parcel" ADD CONSTRAINT "log_parcel_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "log_pickup_batch_order" ADD CONSTRAINT "log_pickup_batch_order_batch_id_tenant_id_order_id_pk" PRIMARY KEY("batch_id","tenant_id","order_id");
--> statement-breakpoint
ALTER TABLE "log_pickup_batch" ADD CONSTRAINT "log_pickup_batch_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "log_tracking_event" ADD CONSTRAINT "log_tracking_event_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_account" ADD CONSTRAINT "fin_account_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_entry" ADD CONSTRAINT "fin_entry_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_journal" ADD CONSTRAINT "fin_journal_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_pay_order" ADD CONSTRAINT "fin_pay_order_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_payment_line" ADD CONSTRAINT "fin_payment_line_payment_id_tenant_id_order_id_pk" PRIMARY KEY("payment_id","tenant_id","order_id");
--> statement-breakpoint
ALTER TABLE "fin_payment" ADD CONSTRAINT "fin_payment_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_rate_apply" ADD CONSTRAINT "fin_rate_apply_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_refund" ADD CONSTRAINT "fin_refund_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_statement" ADD CONSTRAINT "fin_statement_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "fin_voucher" ADD CONSTRAINT "fin_voucher_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
ALTER TABLE "sys_depart_permission" ADD CONSTRAINT "sys_depart_permission_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_depart_permission" ADD CONSTRAINT "sys_depart_permission_depart_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."sys_depart"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_role_permission" ADD CONSTRAINT "sys_role_permission_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_role_permission" ADD CONSTRAINT "sys_role_permission_role_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."sys_role"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_user_depart" ADD CONSTRAINT "sys_user_depart_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_user_depart" ADD CONSTRAINT "sys_user_depart_depart_fk" FOREIGN KEY ("tenant_id","department_id") REFERENCES "public"."sys_depart"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_user_position" ADD CONSTRAINT "sys_user_position_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_user_position" ADD CONSTRAINT "sys_user_position_position_fk" FOREIGN KEY ("tenant_id","position_id") REFERENCES "public"."sys_position"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."sys_role"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "log_collection_exception" ADD CONSTRAINT "log_collection_exception_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."log_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "log_order_item" ADD CONSTRAINT "log_order_item_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."log_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "log_parcel" ADD CONSTRAINT "log_parcel_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."log_order"("tenant_id","id") ON DELETE SET NULL ("order_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "log_pickup_batch_order" ADD CONSTRAINT "log_pickup_batch_order_batch_fk" FOREIGN KEY ("tenant_id","batch_id") REFERENCES "public"."log_pickup_batch"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "log_pickup_batch_order" ADD CONSTRAINT "log_pickup_batch_order_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."log_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "log_tracking_event" ADD CONSTRAINT "log_tracking_event_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."log_order"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_entry" ADD CONSTRAINT "fin_entry_account_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."fin_account"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_pay_order" ADD CONSTRAINT "fin_pay_order_payment_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."fin_payment"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_payment_line" ADD CONSTRAINT "fin_payment_line_tenant_id_sys_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."sys_tenant"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_payment_line" ADD CONSTRAINT "fin_payment_line_payment_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."fin_payment"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_payment_line" ADD CONSTRAINT "fin_payment_line_order_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."log_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_payment" ADD CONSTRAINT "fin_payment_journal_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."fin_journal"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_rate_apply_fk" FOREIGN KEY ("tenant_id","rate_apply_id") REFERENCES "public"."fin_rate_apply"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_recharge" ADD CONSTRAINT "fin_recharge_journal_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."fin_journal"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_refund" ADD CONSTRAINT "fin_refund_pay_order_fk" FOREIGN KEY ("tenant_id","pay_order_id") REFERENCES "public"."fin_pay_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_refund" ADD CONSTRAINT "fin_refund_journal_fk" FOREIGN KEY ("tenant_id","journal_id") REFERENCES "public"."fin_journal"("tenant_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fin_voucher" ADD CONSTRAINT "fin_voucher_recharge_fk" FOREIGN KEY ("tenant_id","recharge_id") REFERENCES "public"."fin_recharge"("tenant_id","id") ON DELETE SET NULL ("recharge_id") ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "log_order_no_idx" ON "log_order" USING btree ("order_no");
--> statement-breakpoint
CREATE INDEX "sys_user_depart_depart_idx" ON "sys_user_depart" USING btree ("tenant_id","department_id");
--> statement-breakpoint
CREATE INDEX "sys_user_role_role_idx" ON "sys_user_role" USING btree ("tenant_id","role_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "log_collection_exception_no_uq" ON "log_collection_exception" USING btree ("tenant_id","exception_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "log_order_item_order_line_uq" ON "log_order_item" USING btree ("tenant_id","order_id","line_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "log_order_no_uq" ON "log_order" USING btree ("tenant_id","order_no");
--> statement-breakpoint
CREATE INDEX "log_parcel_order_idx" ON "log_parcel" USING btree ("tenant_id","order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "log_pickup_batch_no_uq" ON "log_pickup_batch" USING btree ("tenant_id","batch_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_journal_reverses_uq" ON "fin_journal" USING btree ("tenant_id","reverses_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pay_order_no_uq" ON "fin_pay_order" USING btree ("tenant_id","pay_order_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_pay_order_source_uq" ON "fin_pay_order" USING btree ("tenant_id","source","source_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_payment_no_uq" ON "fin_payment" USING btree ("tenant_id","payment_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_rate_apply_no_uq" ON "fin_rate_apply" USING btree ("tenant_id","apply_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_recharge_no_uq" ON "fin_recharge" USING btree ("tenant_id","recharge_no");
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_refund_no_uq" ON "fin_refund" USING btree ("tenant_id","refund_no");
--> statement-breakpoint
CREATE INDEX "fin_refund_pay_order_idx" ON "fin_refund" USING btree ("tenant_id","pay_order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "fin_voucher_stored_uq" ON "fin_voucher" USING btree ("tenant_id","stored_name");
--> statement-breakpoint
CREATE INDEX "fin_voucher_recharge_idx" ON "fin_voucher" USING btree ("tenant_id","recharge_id");
--> statement-breakpoint
-- the lists that filter by number across tenants keep an index on the number alone
CREATE INDEX "log_pickup_batch_no_idx" ON "log_pickup_batch" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "fin_rate_apply_no_idx" ON "fin_rate_apply" USING btree ("apply_no");--> statement-breakpoint
CREATE INDEX "fin_recharge_no_idx" ON "fin_recharge" USING btree ("recharge_no");--> statement-breakpoint
CREATE INDEX "fin_refund_no_idx" ON "fin_refund" USING btree ("refund_no");
--> statement-breakpoint
-- An entry of a platform account (tenant 0) belongs to a merchant's journal, so the journal is no longer a
-- foreign key (it would span two tenants): the deferred check that every journal balances also refuses an
-- entry whose journal does not exist.
CREATE OR REPLACE FUNCTION fin_check_journal_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM fin_journal WHERE id = NEW.journal_id) THEN
    RAISE EXCEPTION 'entry % names journal %, which does not exist', NEW.id, NEW.journal_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT currency INTO unbalanced FROM fin_entry WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal % does not balance in %', NEW.journal_id, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
