import type { Language } from '@portal/shared/languages';
import { orgExportTexts } from '@portal/shared/messages-org';
import type { AddressBookRecord } from '@portal/shared/system-org';
import type { Db } from '../../../db/client.ts';
import { assertExportSize, type ExportColumn } from '../../../lib/xlsx.ts';
import { addressBookBatches, countAddressBook, type AddressBookFilters } from './repository.ts';

/** The address book's export: the list's people and columns, phones masked the same way. */
export async function addressBookWorkbook(db: Db, tenantId: number, filters: AddressBookFilters, showPhone: boolean, lang: Language, timeZone: string) {
  assertExportSize(await countAddressBook(db, tenantId, filters, showPhone));
  const t = orgExportTexts;
  const columns: ExportColumn<AddressBookRecord>[] = [
    { header: t.name[lang], width: 16, value: (row) => row.name },
    { header: t.workNo[lang], width: 12, value: (row) => row.workNo },
    { header: t.departments[lang], width: 30, value: (row) => row.departments.map((d) => d.departName).join(', ') },
    { header: t.positions[lang], width: 24, value: (row) => row.positions.map((p) => p.name).join(', ') },
    { header: t.phone[lang], width: 16, value: (row) => row.phone },
    { header: t.email[lang], width: 28, value: (row) => row.email },
  ];
  return { title: t.addressBookSheet[lang], asciiTitle: 'address-book', timeZone, columns, batches: addressBookBatches(db, tenantId, filters, showPhone) };
}
