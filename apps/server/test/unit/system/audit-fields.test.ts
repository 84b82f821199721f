import { describe, expect, it } from 'vitest';
import type { AuditRefKind } from '@portal/shared/audit-fields';
import { AUDIT_REF_KINDS } from '@portal/shared/audit-fields';
import type { Language } from '@portal/shared/languages';
import { readableFields, wantedNames, type Reading } from '../../../src/modules/system/audit/model.ts';

/** A reading with these names found (the rest: gone), UserStatus as the dictionary, times in UTC. */
function reading(lang: Language, found: Partial<Record<AuditRefKind, Record<string, string>>> = {}): Reading {
  const names = {} as Record<AuditRefKind, ReadonlyMap<string, string>>;
  for (const kind of AUDIT_REF_KINDS) names[kind] = new Map(Object.entries(found[kind] ?? {}));
  const status = lang === 'en-US' ? { '1': 'Normal', '2': 'Frozen' } : { '1': '正常', '2': '凍結' };
  return { lang, names, dicts: new Map([['UserStatus', new Map(Object.entries(status))]]), time: (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}` };
}

const row = (rows: ReturnType<typeof readableFields>, key: string) => rows.find((r) => r.key === key);

describe("the audit log's fields as a reader reads them", () => {
  it('marks the fields that changed, a list by what it gained and lost; a field one side lacks is null there', () => {
    const rows = readableFields({ resource: 'x', before: { realname: 'A', phone: '1', tags: [1, 2] }, after: { realname: 'B', phone: '1', tags: [2, 3], email: 'x@y' } }, reading('en-US'));
    expect(rows.map((r) => [r.key, r.changed])).toEqual([
      ['realname', true],
      ['phone', false],
      ['tags', true],
      ['email', true],
    ]);
    expect(row(rows, 'tags')).toMatchObject({ before: ['1', '2'], after: ['2', '3'], gained: ['3'], lost: ['1'] });
    expect(row(rows, 'email')).toMatchObject({ before: null, after: 'x@y' });
  });

  it("reads a resource's fields in its form's order, whatever order the database gave the keys back in, times last", () => {
    const user = { createdAt: '2026-01-02T03:04:05.000Z', top: false, email: '', roles: [], status: 1, extra: 1, realname: 'A', username: 'a', orgCode: null, departs: [] };
    expect(readableFields({ resource: 'user', before: null, after: user }, reading('en-US')).map((r) => r.key)).toEqual([
      'username',
      'realname',
      'email',
      'status',
      'departs',
      'orgCode',
      'roles',
      'top',
      'extra',
      'createdAt',
    ]);
  });

  it('shows a creation and a deletion as their fields, none of them a change', () => {
    expect(readableFields({ resource: 'position', before: null, after: { code: 'x', rank: 1 } }, reading('en-US')).map((r) => [r.key, r.changed, r.before])).toEqual([
      ['code', false, null],
      ['rank', false, null],
    ]);
    expect(readableFields({ resource: 'x', before: null, after: null }, reading('en-US'))).toEqual([]);
  });

  it('names ids and codes by what was found, and marks the rest as deleted (with the name the line wrote, if any)', () => {
    const found = reading('en-US', { permission: { '7': 'Users' }, depart: { '3': 'Finance' }, departCode: { A01A09: 'Sales' } });
    const rows = readableFields(
      {
        resource: 'user',
        before: { permissionIds: [7, 8], orgCode: 'A01A02', departs: [{ id: 3, name: 'Old Finance', orgCode: 'A01A02' }, { id: 4, name: 'Closed', orgCode: 'A01A04' }] },
        after: { permissionIds: [7], orgCode: 'A01A09', departs: [{ id: 3, name: 'Old Finance', orgCode: 'A01A02' }] },
      },
      found,
    );
    expect(row(rows, 'permissionIds')).toMatchObject({ label: 'Permissions', before: ['Users', '#8 (deleted)'], after: ['Users'], lost: ['#8 (deleted)'], gained: [] });
    // a code is read through the record's own links (its id), else looked up as a code
    expect(row(rows, 'orgCode')).toMatchObject({ label: 'Current department', before: 'Finance', after: 'Sales' });
    expect(row(rows, 'departs')).toMatchObject({ before: ['Finance', 'Closed (deleted)'], lost: ['Closed (deleted)'] });
  });

  it('asks for each kind of name once for all the lines', () => {
    const wanted = wantedNames([
      { resource: 'role', before: { permissionIds: [1, 2] }, after: { permissionIds: [2, 3], userIds: [5] } },
      { resource: 'user', before: null, after: { orgCode: 'A01A01', departs: [{ id: 9, orgCode: 'A01A01' }], roles: [{ id: 4, name: 'r' }], status: 1 } },
      { resource: 'depart', before: { orgCode: 'A01', parentId: 9 }, after: null },
      { resource: 'role', before: { permissionIds: ['1; drop table x', -3, 2.5, {}] }, after: null },
    ]);
    expect([...wanted.refs.permission].sort()).toEqual(['1', '2', '3']);
    expect([...wanted.refs.user]).toEqual(['5']);
    expect([...wanted.refs.depart]).toEqual(['9']);
    // the current department is found through its link, and a department's own code is not a reference
    expect([...wanted.refs.departCode]).toEqual([]);
    expect([...wanted.refs.role]).toEqual(['4']);
    expect([...wanted.dicts]).toEqual(['UserStatus']);
  });

  it("translates labels, yes and no, fixed values and a dictionary's values; a time in the reader's zone; one row per language of a title", () => {
    const line = { resource: 'menu', before: { hidden: false, menuType: 2, status: '1', titles: null, name: 'menu.system.user' }, after: { hidden: true, menuType: 2, status: '0', titles: { 'zh-TW': '使用者', 'zh-CN': '用户', 'en-US': 'Users' }, name: 'menu.system.user' } };
    const zh = readableFields(line, reading('zh-TW'));
    expect(row(zh, 'hidden')).toMatchObject({ label: '隱藏選單', before: '否', after: '是' });
    expect(row(zh, 'menuType')).toMatchObject({ label: '選單類型', before: '按鈕/權限', changed: false });
    expect(row(zh, 'status')).toMatchObject({ before: '有效', after: '無效' });
    expect(row(zh, 'name')).toMatchObject({ before: '使用者管理' });
    expect(row(zh, 'titles.en-US')).toMatchObject({ label: '選單名稱（英文）', before: '', after: 'Users', changed: true });
    const en = readableFields({ resource: 'user', before: { status: 1, createdAt: '2026-01-02T03:04:05.000Z', extra: 'kept' }, after: { status: 2, createdAt: '2026-01-02T03:04:05.000Z', extra: 'kept' } }, reading('en-US'));
    expect(row(en, 'status')).toMatchObject({ label: 'Status', before: 'Normal', after: 'Frozen' });
    expect(row(en, 'createdAt')).toMatchObject({ label: 'Created at', before: '2026-01-02 03:04:05' });
    // a text that only looks like a time is left as it is
    const odd = readableFields({ resource: 'x', before: null, after: { description: '2026-99-99T99:99:99Z' } }, { ...reading('en-US'), time: (iso) => new Intl.DateTimeFormat('en-US').format(new Date(iso)) });
    expect(row(odd, 'description')?.after).toBe('2026-99-99T99:99:99Z');
    // a field no one named shows its key
    expect(row(en, 'extra')?.label).toBe('extra');
    // a text in the three languages is one row per language, registered or not
    const texts = (en: string) => ({ 'zh-TW': '已建立', 'zh-CN': '已创建', 'en-US': en });
    const item = readableFields({ resource: 'dict-item', before: { itemText: texts('Created'), status: 1 }, after: { itemText: texts('Just created'), status: 1 } }, reading('en-US'));
    expect(item.map((r) => [r.key, r.label, r.changed])).toEqual([
      ['itemText.zh-TW', 'Text (Traditional Chinese)', false],
      ['itemText.zh-CN', 'Text (Simplified Chinese)', false],
      ['itemText.en-US', 'Text (English)', true],
      ['status', 'Status', false],
    ]);
    expect(row(item, 'status')?.before).toBe('Enabled');
  });
});
