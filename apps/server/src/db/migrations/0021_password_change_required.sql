-- A password an administrator reset is known to them too: its user changes it before anything else.
ALTER TABLE "sys_user" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;