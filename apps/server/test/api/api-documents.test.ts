import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createTestApp, testDbKind, type TestApp } from '../helpers/test-app.ts';

/**
 * The portal's two API documents as the standard tools read them: Redocly's recommended rules find no error,
 * and openapi-typescript makes types of them that TypeScript accepts. A reference that does not resolve, an
 * operation without security, a schema a tool cannot read: any of them fails here, not in a merchant's build.
 */
describe(`the API documents (${testDbKind()})`, () => {
  let t: TestApp;
  let directory: string;
  const documents: Record<'portal' | 'open', Record<string, unknown>> = { portal: {}, open: {} };

  beforeAll(async () => {
    t = await createTestApp();
    directory = await mkdtemp(path.join(os.tmpdir(), 'portal-api-documents-'));
    documents.portal = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    documents.open = (await t.app.inject({ method: 'GET', url: '/open/v1/openapi.json' })).json();
  });
  afterAll(async () => {
    await t.close();
    await rm(directory, { recursive: true, force: true });
  });

  it.each(['portal', 'open'] as const)('the %s document has no error under Redocly\'s recommended rules', async (name) => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(documents[name]), absoluteRef: path.join(directory, `${name}.json`), config });
    const errors = problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
    expect(errors).toEqual([]);
    // what the document is, so that an empty one cannot pass
    expect(Object.keys(documents[name].paths as object).length).toBeGreaterThan(name === 'portal' ? 300 : 5);
  });

  it('generates types from both documents that TypeScript accepts', async () => {
    const files: string[] = [];
    for (const name of ['portal', 'open'] as const) {
      const file = path.join(directory, `${name}.d.ts`);
      await writeFile(file, astToString(await openapiTS(documents[name] as unknown as Parameters<typeof openapiTS>[0])));
      files.push(file);
    }
    // a use of each: the recursive department tree and the open API's order read resolve to real types
    const use = path.join(directory, 'use.ts');
    await writeFile(
      use,
      [
        "import type { components as Portal } from './portal.d.ts';",
        "import type { paths as Open } from './open.d.ts';",
        "type Node = Portal['schemas']['DepartNode'];",
        'const child = (node: Node): Node | undefined => node.children[0];',
        "type Order = Open['/orders/{orderNo}']['get']['responses'][200]['content']['application/json'];",
        'const numberOf = (order: Order): string => order.orderNo;',
        'export { child, numberOf };',
      ].join('\n'),
    );
    const program = ts.createProgram([...files, use], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, allowImportingTsExtensions: true, types: [] });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => `${diagnostic.file ? path.basename(diagnostic.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
