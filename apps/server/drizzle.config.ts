import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema/sys.ts', './src/db/schema/dict.ts', './src/db/schema/auth.ts', './src/db/schema/sms.ts', './src/db/schema/logistics.ts', './src/db/schema/finance.ts', './src/db/schema/admin.ts', './src/db/schema/purchase.ts', './src/db/schema/open-api.ts', './src/db/schema/online.ts'],
  out: './src/db/migrations',
  casing: 'snake_case',
});
