import { deflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '@portal/shared/languages';
import { IMPORT_COLUMNS, IMPORT_TITLES } from '../../../src/modules/logistics/order/model.ts';
import { cellText, normalizeTitle, titleIndex } from '../../../src/lib/xlsx-read.ts';
import { buildOrders, ORDER_SHEET, sortErrors, type CodeBooks, type SheetRow } from '../../../src/modules/logistics/order/import.ts';
import { checkZip, startsLikeZip } from '../../../src/lib/zip.ts';

/** A zip of deflated (or stored) entries, as an .xlsx is. */
function zip(entries: { name: string; content: Buffer; stored?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed = entry.stored ? entry.content : deflateRawSync(entry.content);
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.stored ? 0 : 8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(packed.length, 20);
    // the size a sender claims: a bomb claims little
    central.writeUInt32LE(Math.min(entry.content.length, 100), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('xlsx guard', () => {
  const limits = { maxUnpacked: 1024 * 1024, maxEntries: 10 };

  test('knows a zip by its signature, not its name', () => {
    expect(startsLikeZip(Buffer.from('PK\x03\x04rest'))).toBe(true);
    expect(startsLikeZip(Buffer.from('merchantOrderNo,serviceType'))).toBe(false);
    expect(checkZip(Buffer.from('PK\x03\x04 but nothing else'), limits)).toEqual({ ok: false, reason: 'not-zip' });
  });

  test('accepts an archive within the limits, stored or deflated', () => {
    const archive = zip([
      { name: 'a.xml', content: Buffer.alloc(300 * 1024, 0x41) },
      { name: 'b.xml', content: Buffer.from('<x/>'), stored: true },
    ]);
    expect(checkZip(archive, limits)).toEqual({ ok: true });
  });

  test('refuses what unpacks past the limit, whatever the headers claim', () => {
    const bomb = zip([{ name: 'sheet.xml', content: Buffer.alloc(2 * 1024 * 1024, 0x20) }]);
    expect(bomb.length).toBeLessThan(10_000);
    expect(checkZip(bomb, limits)).toEqual({ ok: false, reason: 'too-large' });
    const spread = zip(Array.from({ length: 3 }, (_, n) => ({ name: `s${n}.xml`, content: Buffer.alloc(400 * 1024, 0x20) })));
    expect(checkZip(spread, limits)).toEqual({ ok: false, reason: 'too-large' });
    const many = zip(Array.from({ length: 11 }, (_, n) => ({ name: `e${n}`, content: Buffer.from('x') })));
    expect(checkZip(many, limits)).toEqual({ ok: false, reason: 'too-large' });
  });

  test('refuses broken data', () => {
    const archive = zip([{ name: 'a.xml', content: Buffer.alloc(1000, 0x41) }]);
    const broken = Buffer.from(archive);
    broken.fill(0xff, 40, 50);
    expect(checkZip(broken, limits).ok).toBe(false);
  });
});

describe('import columns and rows', () => {
  test('every title of every language names one column only', () => {
    const seen = new Map<string, string>();
    for (const column of IMPORT_COLUMNS) {
      for (const language of LANGUAGES) {
        const title = normalizeTitle(IMPORT_TITLES[column][language]);
        expect(seen.get(title) ?? column, `${title}`).toBe(column);
        seen.set(title, column);
      }
    }
    const index = titleIndex(ORDER_SHEET);
    expect(index.get(normalizeTitle(' 商家訂單號 * '))).toBe('merchantOrderNo');
    expect(index.get(normalizeTitle('DECLARED WEIGHT（KG）'))).toBe('weight');
    expect(index.get(normalizeTitle('itemUnitPrice'))).toBe('itemUnitPrice');
    expect(index.get(normalizeTitle('Colour'))).toBeUndefined();
  });

  test('reads cells as the text a person sees', () => {
    expect(cellText(null)).toBe('');
    expect(cellText('  A-1 ')).toBe('A-1');
    expect(cellText(19.99)).toBe('19.99');
    expect(cellText({ richText: [{ text: 'Ch' }, { text: 'en ' }] })).toBe('Chen');
    expect(cellText({ formula: 'A1*2', result: 3 })).toBe('3');
    expect(cellText({ text: 'link', hyperlink: 'https://example.com' })).toBe('link');
    expect(cellText({ error: '#N/A' })).toBe('#N/A');
  });

  const books: CodeBooks = {
    serviceType: new Map([
      ['base', 'BASE'],
      ['basic', 'BASE'],
    ]),
    destinationCountry: new Map([
      ['tw', 'TW'],
      ['台灣', 'TW'],
    ]),
    warehouseCode: new Map([['sz01', 'SZ01']]),
    currency: new Map([
      ['cny', 'CNY'],
      ['jpy', 'JPY'],
    ]),
  };
  const order = (rowNo: number, merchantOrderNo: string, cells: SheetRow['cells'] = {}): SheetRow => ({
    rowNo,
    cells: {
      merchantOrderNo,
      serviceType: 'Basic',
      destinationCountry: '台灣',
      warehouseCode: 'SZ01',
      recipientName: 'Chen',
      recipientPhone: '0912345678',
      recipientAddress: 'Taipei',
      currency: 'CNY',
      weight: '1',
      itemName: 'Cup',
      itemCategory: 'Home',
      itemQuantity: '2',
      itemUnitPrice: '10',
      ...cells,
    },
  });
  const product = (rowNo: number, merchantOrderNo: string, cells: SheetRow['cells'] = {}): SheetRow => ({ rowNo, cells: { merchantOrderNo, itemName: 'Lid', itemCategory: 'Home', itemQuantity: '1', itemUnitPrice: '2.5', ...cells } });

  test('groups adjacent rows of one merchant number into one order, decoding names', () => {
    const { orders, errors } = buildOrders({ titles: {}, rows: [order(2, 'A'), product(3, 'A', { destinationCountry: 'tw' }), order(4, 'B')] }, books, 'en-US');
    expect(errors).toEqual([]);
    expect(orders.map((o) => [o.merchantOrderNo, o.firstRow, o.prepared.items.length, o.prepared.order.merchandiseValue, o.prepared.order.destinationCountry, o.prepared.order.serviceType])).toEqual([
      ['A', 2, 2, 2250n, 'TW', 'BASE'],
      ['B', 4, 1, 2000n, 'TW', 'BASE'],
    ]);
  });

  test('reports by row and column, naming columns as the file titles them', () => {
    const { orders, errors } = buildOrders(
      {
        titles: { itemUnitPrice: 'Prix', merchantOrderNo: 'No' },
        rows: [order(2, 'A', { currency: 'JPY', itemUnitPrice: '10.5' }), product(3, 'A', { itemUnitPrice: '3' }), order(4, 'B'), product(5, 'B', { warehouseCode: 'GZ01' }), product(6, 'A')],
      },
      books,
      'en-US',
    );
    expect(orders).toEqual([]);
    expect(sortErrors(errors, { itemUnitPrice: 'Prix', merchantOrderNo: 'No' })).toEqual([
      { row: 2, column: 'Prix', message: 'Prix has too many decimals: JPY takes at most 0' },
      { row: 5, column: 'Warehouse', message: 'Rows of one merchant order number must carry the same order data: this differs from row 4' },
      { row: 6, column: 'No', message: 'This merchant order number is already used by the order on row 2; the product rows of one order must be adjacent' },
    ]);
  });
});
