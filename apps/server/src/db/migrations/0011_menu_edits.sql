-- Menu edits (issue 12, decision 0015): an administrator's titles in three languages, the entries the code defines, and when an administrator last edited an entry (the start-up sync leaves those alone).
ALTER TABLE "sys_permission" ADD COLUMN "titles" jsonb;--> statement-breakpoint
ALTER TABLE "sys_permission" ADD COLUMN "built_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_permission" ADD COLUMN "edited_at" timestamp with time zone;