// Regenerates src/open-api-schema.ts from the open API's document as a running portal serves it:
//   npm start   (in another shell), then   npm run generate -w @portal/open-api-client
// PORTAL_URL (default http://127.0.0.1:8080) names another portal. A test fails while the file differs
// from what the server's document makes (apps/server/test/api/open-api/client.test.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaSource } from '../src/generate.ts';

const portal = process.env.PORTAL_URL ?? 'http://127.0.0.1:8080';
const response = await fetch(`${portal}/open/v1/openapi.json`);
if (!response.ok) throw new Error(`${portal}/open/v1/openapi.json answered ${response.status}`);
const target = path.join(import.meta.dirname, '../src/open-api-schema.ts');
await writeFile(target, await schemaSource(await response.json()));
console.log(`written: ${path.relative(process.cwd(), target)}`);
