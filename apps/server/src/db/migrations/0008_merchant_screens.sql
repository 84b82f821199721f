-- Merchant screens (issue 11, item 3): a catalogue entry for merchants only is never granted in the
-- platform tenant (0), as a platform-only one is never granted in a merchant tenant. The catalogue sync
-- sets the flag from db/seed/menu-tree.ts at every start and then takes such entries away from the
-- platform tenant's roles and departments, which corrects databases seeded before this release.
ALTER TABLE "sys_permission" ADD COLUMN "merchant_only" boolean DEFAULT false NOT NULL;
