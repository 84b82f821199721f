-- One counter row per (tenant, status) was held by each creating transaction from its insert to its commit,
-- so a tenant's concurrent creates queued on it. A (tenant, status) now has slots, its count their sum: a
-- statement adds to a slot no other open transaction holds (SKIP LOCKED) or opens a new one, so no writer ever
-- waits on another's counter row (decision 0035). The counters of before stay as they are, as slot 0.
ALTER TABLE "log_order_status_count" ADD COLUMN "slot" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "log_order_status_count" DROP CONSTRAINT "log_order_status_count_tenant_id_status_pk";--> statement-breakpoint
ALTER TABLE "log_order_status_count" ADD CONSTRAINT "log_order_status_count_tenant_id_status_slot_pk" PRIMARY KEY("tenant_id","status","slot");--> statement-breakpoint
CREATE SEQUENCE "public"."log_order_status_count_slot_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- A slot is opened only when every slot of the key is held by another open transaction, so a key has no more
-- slots than it ever had writers at once; a new slot's number comes from the sequence, which no one waits on.
CREATE FUNCTION log_order_status_count_add(target_tenant integer, target_status varchar, delta bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  free_slot bigint;
BEGIN
  SELECT slot INTO free_slot FROM log_order_status_count
    WHERE tenant_id = target_tenant AND status = target_status
    LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN
    UPDATE log_order_status_count SET count = count + delta
      WHERE tenant_id = target_tenant AND status = target_status AND slot = free_slot;
  ELSE
    INSERT INTO log_order_status_count (tenant_id, status, slot, count)
      VALUES (target_tenant, target_status, nextval('log_order_status_count_slot_seq'), delta);
  END IF;
END $$;
--> statement-breakpoint
-- Still one change per (tenant, status) per statement (transition tables), now through the slots.
CREATE OR REPLACE FUNCTION log_order_status_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR change IN SELECT tenant_id, status, count(*) AS delta FROM new_rows GROUP BY tenant_id, status ORDER BY tenant_id, status LOOP
      PERFORM log_order_status_count_add(change.tenant_id, change.status, change.delta);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR change IN SELECT tenant_id, status, -count(*) AS delta FROM old_rows GROUP BY tenant_id, status ORDER BY tenant_id, status LOOP
      PERFORM log_order_status_count_add(change.tenant_id, change.status, change.delta);
    END LOOP;
  ELSE
    FOR change IN
      SELECT tenant_id, status, sum(delta)::bigint AS delta FROM (
        SELECT o.tenant_id, o.status, -1 AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.status <> n.status OR o.tenant_id <> n.tenant_id
        UNION ALL
        SELECT n.tenant_id, n.status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.status <> n.status OR o.tenant_id <> n.tenant_id
      ) AS moves GROUP BY tenant_id, status HAVING sum(delta) <> 0 ORDER BY tenant_id, status
    LOOP
      PERFORM log_order_status_count_add(change.tenant_id, change.status, change.delta);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
