CREATE TABLE "log_order_status_count" (
	"tenant_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "log_order_status_count_tenant_id_status_pk" PRIMARY KEY("tenant_id","status")
);
--> statement-breakpoint
CREATE INDEX "log_order_tenant_country_status_created_idx" ON "log_order" USING btree ("tenant_id","destination_country","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The counts are kept per statement (transition tables), so a bulk insert costs one upsert per
-- (tenant, status) and not one per row; keys are upserted in sorted order, so two transactions
-- moving orders never take the same counter rows in opposite orders (no deadlock).
CREATE FUNCTION log_order_status_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO log_order_status_count (tenant_id, status, count)
      SELECT tenant_id, status, count(*) FROM new_rows GROUP BY tenant_id, status ORDER BY tenant_id, status
      ON CONFLICT (tenant_id, status) DO UPDATE SET count = log_order_status_count.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO log_order_status_count (tenant_id, status, count)
      SELECT tenant_id, status, -count(*) FROM old_rows GROUP BY tenant_id, status ORDER BY tenant_id, status
      ON CONFLICT (tenant_id, status) DO UPDATE SET count = log_order_status_count.count + excluded.count;
  ELSE
    INSERT INTO log_order_status_count (tenant_id, status, count)
      SELECT tenant_id, status, sum(delta) FROM (
        SELECT o.tenant_id, o.status, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.status <> n.status OR o.tenant_id <> n.tenant_id
        UNION ALL
        SELECT n.tenant_id, n.status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.status <> n.status OR o.tenant_id <> n.tenant_id
      ) AS moves GROUP BY tenant_id, status HAVING sum(delta) <> 0 ORDER BY tenant_id, status
      ON CONFLICT (tenant_id, status) DO UPDATE SET count = log_order_status_count.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER log_order_status_count_insert AFTER INSERT ON log_order REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_order_status_count_apply();
--> statement-breakpoint
CREATE TRIGGER log_order_status_count_update AFTER UPDATE ON log_order REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_order_status_count_apply();
--> statement-breakpoint
CREATE TRIGGER log_order_status_count_delete AFTER DELETE ON log_order REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_order_status_count_apply();
--> statement-breakpoint
-- the orders that exist already
INSERT INTO log_order_status_count (tenant_id, status, count) SELECT tenant_id, status, count(*) FROM log_order GROUP BY tenant_id, status;
--> statement-breakpoint
CREATE FUNCTION log_order_status_count_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM log_order_status_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER log_order_status_count_truncate AFTER TRUNCATE ON log_order FOR EACH STATEMENT EXECUTE FUNCTION log_order_status_count_clear();
