-- Number searches (issue 11, item 8): lib/list.ts numberSearch matches upper(number) LIKE 'TERM%'
-- (any case, a beginning); text_pattern_ops serves that range scan whatever the database's collation.
CREATE INDEX "log_order_tenant_no_search_idx" ON "log_order" USING btree ("tenant_id",upper("order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "log_order_tenant_merchant_no_search_idx" ON "log_order" USING btree ("tenant_id",upper("merchant_order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "log_order_tenant_waybill_search_idx" ON "log_order" USING btree ("tenant_id",upper("waybill_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "log_order_no_search_idx" ON "log_order" USING btree (upper("order_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "log_parcel_tenant_tracking_search_idx" ON "log_parcel" USING btree ("tenant_id",upper("tracking_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "log_pickup_batch_tenant_no_search_idx" ON "log_pickup_batch" USING btree ("tenant_id",upper("batch_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "log_pickup_batch_no_search_idx" ON "log_pickup_batch" USING btree (upper("batch_no") text_pattern_ops);