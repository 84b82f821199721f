-- Number searches count by the index alone: the number closes each (tenant, upper(number)) key, since
-- PostgreSQL takes an index-only scan only when the columns themselves are in the index (issue 11, item 8).
DROP INDEX "log_order_tenant_no_search_idx";--> statement-breakpoint
DROP INDEX "log_order_tenant_merchant_no_search_idx";--> statement-breakpoint
DROP INDEX "log_order_tenant_waybill_search_idx";--> statement-breakpoint
CREATE INDEX "log_order_tenant_no_search_idx" ON "log_order" USING btree ("tenant_id",upper("order_no") text_pattern_ops,"order_no");--> statement-breakpoint
CREATE INDEX "log_order_tenant_merchant_no_search_idx" ON "log_order" USING btree ("tenant_id",upper("merchant_order_no") text_pattern_ops,"merchant_order_no");--> statement-breakpoint
CREATE INDEX "log_order_tenant_waybill_search_idx" ON "log_order" USING btree ("tenant_id",upper("waybill_no") text_pattern_ops,"waybill_no");