import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/shared/api';
import type { CheckRuleRecord } from '@portal/shared/online-check-rules';
import { FIELD_KEY_PATTERN, type FormRecordDefinition, type FormRow } from '@portal/shared/online';
import { createTestApp, testDbKind, type TestApp } from '../../helpers/test-app.ts';
import { ok, refused } from '../../helpers/answers.ts';
import { fingerprint } from '../../helpers/fingerprint.ts';
import { IDENTIFIER_PAYLOADS, ORDER_PAYLOADS, TEMPLATE_PAYLOADS, VALUE_PAYLOADS } from '../../helpers/injection-payloads.ts';

const titles = (en: string) => ({ 'zh-TW': en, 'zh-CN': en, 'en-US': en });

describe(`online forms: injection payloads and check rules (${testDbKind()})`, () => {
  let t: TestApp;
  let admin: string;
  let merchant: string;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, merchant] = await Promise.all([t.login('admin'), t.login('merchant')]);
    ok<FormRecordDefinition>(
      await call(admin, 'POST', '/online/cgform/head/add', {
        payload: {
          code: 'inj_form',
          titles: titles('Injection'),
          fields: [
            { key: 'name', titles: titles('Name'), type: 'text', queryable: true },
            { key: 'amount', titles: titles('Amount'), type: 'number', queryable: true },
          ],
        },
      }),
    );
    // the platform previews a form with system:online:preview: its rows are the platform tenant's
    ok(await call(admin, 'POST', '/online/cgform/api/form/inj_form', { payload: { values: { name: 'plain', amount: '1' } } }));
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: { query?: Record<string, string>; payload?: object }) =>
    t.call({ method, url: `/api${url}`, token, lang: 'en-US', ...body });
  const list = (query: Record<string, string>) => call(admin, 'GET', '/online/cgform/api/getData/inj_form', { query });

  it('refuses every payload as a sort column, an order or a filter key, and changes nothing', async () => {
    const before = await fingerprint(t.db);
    for (const payload of IDENTIFIER_PAYLOADS) {
      const byColumn = await list({ column: payload });
      // the client's own text comes back as the name it sent, nothing of the database
      expect([`The list cannot be sorted by ${payload.slice(0, 40)}`, 'Sort column takes at most 60 characters']).toContain(refused(byColumn, 400));
      const byKey = await list(Object.fromEntries([[payload, 'x']]));
      // the query parser drops a __proto__ key before any code sees it: the list is then simply unfiltered
      if (payload === '__proto__') expect(ok<Page<FormRow>>(byKey).records.map((r) => r.values.name)).toEqual(['plain']);
      else expect(byKey.statusCode, payload).toBe(400);
    }
    for (const payload of ORDER_PAYLOADS) expect((await list({ order: payload })).statusCode, payload).toBe(400);
    expect(await fingerprint(t.db)).toBe(before);
  });

  it('takes every payload as a plain filter value: no match, no leak, no delay', async () => {
    for (const payload of VALUE_PAYLOADS) {
      const page = ok<Page<FormRow>>(await list({ name: payload }));
      expect(page.records, payload).toEqual([]);
      // a number filter refuses what is not a number
      expect((await list({ amount_begin: payload })).statusCode, payload).toBe(400);
    }
    expect(ok<Page<FormRow>>(await list({ name: 'lai' })).records).toHaveLength(1);
  });

  it('keeps payloads as values verbatim, and refuses them as field keys', async () => {
    for (const payload of [...VALUE_PAYLOADS, ...TEMPLATE_PAYLOADS]) {
      const row = ok<FormRow>(await call(admin, 'POST', '/online/cgform/api/form/inj_form', { payload: { values: { name: payload.slice(0, 255) } } }));
      expect(row.values.name).toBe(payload.trim());
      expect(ok<Page<FormRow>>(await list({ name: payload.trim() })).records.map((r) => r.values.name)).toContain(payload.trim());
    }
    for (const payload of IDENTIFIER_PAYLOADS) {
      refused(await call(admin, 'POST', '/online/cgform/api/form/inj_form', { payload: { values: { [payload]: 'x' } } }), 400);
      // a key is data: one of the key pattern that is no name every object has is kept as written (tenant_id is just a name here), any other refused
      const definition = { code: 'inj_keys', titles: titles('Keys'), fields: [{ key: payload, titles: titles('K'), type: 'text' }] };
      const saved = await call(admin, 'POST', '/online/cgform/head/add', { payload: definition });
      if (FIELD_KEY_PATTERN.test(payload) && !(payload in Object.prototype)) {
        const form = ok<FormRecordDefinition>(saved);
        expect(form.definition.fields[0]!.key).toBe(payload);
        ok(await call(admin, 'DELETE', '/online/cgform/head/delete', { query: { id: String(form.id) } }));
      } else refused(saved, 400);
    }
  });

  it('keeps templates in titles as written', async () => {
    for (const [index, payload] of TEMPLATE_PAYLOADS.entries()) {
      const saved = ok<FormRecordDefinition>(
        await call(admin, 'POST', '/online/cgform/head/add', { payload: { code: `tpl_${index}`, titles: titles(payload), fields: [{ key: 'a', titles: titles(payload), type: 'text' }] } }),
      );
      expect(saved.titles['en-US']).toBe(payload);
      const schema = ok<{ title: string; definition: { fields: { titles: Record<string, string> }[] } }>(await call(admin, 'GET', `/online/cgform/api/getColumns/tpl_${index}`));
      expect(schema.title).toBe(payload);
      expect(schema.definition.fields[0]!.titles['en-US']).toBe(payload);
    }
  });

  it('lets nobody without the form code use its rows', async () => {
    refused(await call(merchant, 'GET', '/online/cgform/api/getData/inj_form'), 403);
    refused(await call(merchant, 'POST', '/online/cgform/api/form/inj_form', { payload: { values: { name: 'x' } } }), 403);
  });

  describe('check rules', () => {
    it('adds, edits and deletes rules; patterns must compile on RE2; a rule in use stays', async () => {
      const rule = { ruleCode: 'supplier_code', ruleName: titles('Supplier code'), rules: [{ pattern: '[A-Z]{2}\\d{4}', message: titles('Two letters and four digits') }] };
      const added = ok<CheckRuleRecord>(await call(admin, 'POST', '/sys/checkRule/add', { payload: rule }));
      refused(await call(admin, 'POST', '/sys/checkRule/add', { payload: rule }), 409);
      expect(refused(await call(admin, 'POST', '/sys/checkRule/add', { payload: { ...rule, ruleCode: 'lookbehind', rules: [{ pattern: '(?<=a)b', message: titles('x') }] } }), 400)).toContain('rule 1');
      expect(refused(await call(admin, 'POST', '/sys/checkRule/add', { payload: { ...rule, ruleCode: 'backref', rules: [{ pattern: '(a)\\1', message: titles('x') }] } }), 400)).toContain('compile');
      refused(await call(merchant, 'POST', '/sys/checkRule/add', { payload: { ...rule, ruleCode: 'mine' } }), 403);
      const list = ok<Page<CheckRuleRecord>>(await call(admin, 'GET', '/sys/checkRule/list', { query: { ruleCode: 'supplier' } }));
      expect(list.records.map((r) => r.ruleCode)).toEqual(['supplier_code']);
      const edited = ok<CheckRuleRecord>(await call(admin, 'PUT', '/sys/checkRule/edit', { payload: { ...rule, id: added.id, rules: [{ pattern: '[A-Z]{3}\\d{3}', message: titles('Three and three') }] } }));
      expect(edited.rules[0]!.pattern).toBe('[A-Z]{3}\\d{3}');
      // a form field checked by it: the rule's own message, and the rule cannot go
      ok(await call(admin, 'POST', '/online/cgform/head/add', { payload: { code: 'ruled', titles: titles('Ruled'), fields: [{ key: 'code', titles: titles('Code'), type: 'text', ruleCode: 'supplier_code' }] } }));
      expect(refused(await call(admin, 'POST', '/online/cgform/api/form/ruled', { payload: { values: { code: 'ab12' } } }), 400)).toBe('Three and three');
      ok(await call(admin, 'POST', '/online/cgform/api/form/ruled', { payload: { values: { code: 'ABC123' } } }));
      expect(refused(await call(admin, 'DELETE', '/sys/checkRule/delete', { query: { id: String(added.id) } }), 409)).toContain('ruled');
      const spare = ok<CheckRuleRecord>(await call(admin, 'POST', '/sys/checkRule/add', { payload: { ...rule, ruleCode: 'spare' } }));
      ok(await call(admin, 'DELETE', '/sys/checkRule/delete', { query: { id: String(spare.id) } }));
      refused(await call(admin, 'DELETE', '/sys/checkRule/delete', { query: { id: String(spare.id) } }), 404);
    });
  });
});
