import Papa from 'papaparse';
import { adminProductMessages as m } from '../messages';
import type { Product } from '../schemas/product';
import {
  checkProductRow,
  escapeCsvCell,
  PRODUCT_CSV_COLUMNS,
  readProductCsvHeader,
  type StoredProductFacts,
  unescapeCsvCell,
} from './product-csv';
import { parseProductCsv, productsToCsv } from './product-csv-file';

const product = (overrides: Partial<Product> = {}): Product => ({
  id: '6f1c2b9e-0000-4000-8000-000000000001',
  productId: 100,
  name: 'OneTouch Ultra 50ct',
  brand: 'OneTouch',
  buybackPrice: 12.5,
  imageUrl: null,
  productType: 'Test Strips',
  expirationMonths: null,
  boxCount: 50,
  description: 'Sealed box',
  inStock: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** The cells of the export's rows, as a spreadsheet would read them. */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv, { header: false }).data;

const HEADER = PRODUCT_CSV_COLUMNS.join(',');

describe('product CSV export', () => {
  it('writes the spec columns in order, one row per product, numbers as numbers', () => {
    const csv = productsToCsv([product(), product({ productId: 101, boxCount: null, buybackPrice: 7 })]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Product ID,Product,Description,Brand,Type,Boxcount,Price');
    expect(lines[1]).toBe('100,OneTouch Ultra 50ct,Sealed box,OneTouch,Test Strips,50,12.5');
    expect(lines[2]).toBe('101,OneTouch Ultra 50ct,Sealed box,OneTouch,Test Strips,,7');
    expect(lines).toHaveLength(3);
  });

  it.each([
    ['=', '=SUM(A1:A2)'],
    ['+', '+1+2'],
    ['-', '-2+3'],
    ['@', '@SUM(1)'],
    ['tab', '\t=1'],
    ['carriage return', '\r=1'],
    ['line feed', '\n=1'],
  ])('prefixes a cell starting with %s with a single quote, quoted', (_, name) => {
    const csv = productsToCsv([product({ name })]);
    const row = csv.split('\r\n').slice(1).join('\r\n');
    expect(row.startsWith(`100,"'${name.replace(/"/g, '""')}",`)).toBe(true);
    expect(cellsOf(csv)[1][1]).toBe(`'${name}`);
  });

  it('escapes a multi-line cell when one of its later lines starts a formula', () => {
    const description = 'Sealed box\n=HYPERLINK("http://evil.example","click")';
    const cells = cellsOf(productsToCsv([product({ description })]));
    expect(cells[1][2]).toBe(`'${description}`);
    // A multi-line cell with harmless lines is left alone.
    expect(cellsOf(productsToCsv([product({ description: 'Line one\nLine two' })]))[1][2]).toBe(
      'Line one\nLine two',
    );
  });

  it('never prefixes numbers, even negative ones, and leaves ordinary text alone', () => {
    const csv = productsToCsv([
      product({ buybackPrice: -5, boxCount: 0, name: 'A-1 strips', brand: "O'Neil" }),
    ]);
    expect(csv.split('\r\n')[1]).toBe("100,A-1 strips,Sealed box,O'Neil,Test Strips,0,-5");
  });

  it('escape and unescape are exact inverses, also for text already starting with quotes', () => {
    for (const text of ['=1', "'=1", "''=1", "'plain", 'plain', '-', "'", '', 'a\n@b', "a\n'@b", '\r\n']) {
      expect(unescapeCsvCell(escapeCsvCell(text))).toBe(text);
    }
    expect(escapeCsvCell("'=1")).toBe("''=1");
    expect(unescapeCsvCell("'plain")).toBe("'plain");
  });
});

describe('product CSV round trip', () => {
  it('reads back exactly what it exported, formula cells included', () => {
    const products = [
      product(),
      product({
        productId: 101,
        name: '=HYPERLINK("http://evil.example")',
        description: 'Line one\n+Line two, with "quotes"',
        brand: '@Brand',
        productType: 'CGM',
        boxCount: null,
        buybackPrice: 0,
      }),
      product({
        productId: 102,
        name: "'=already quoted",
        description: '',
        brand: '-minus',
        productType: 'Other',
      }),
    ];
    const stored = (id: number) => (id === 102 ? { expirationMonths: 6, inStock: true } : null);
    const reader = parseProductCsv(productsToCsv(products), stored);
    expect(reader.error).toBeNull();
    expect(reader.refused).toEqual([]);
    expect(reader.rows).toEqual(
      products.map((p, i) => ({
        line: i + 2,
        productId: p.productId,
        name: p.name,
        description: p.description,
        brand: p.brand,
        productType: p.productType,
        boxCount: p.boxCount,
        buybackPrice: p.buybackPrice,
      })),
    );
  });
});

describe('product CSV header', () => {
  it('matches names trimmed and case-insensitively, in any order, after a byte order mark', () => {
    const result = readProductCsvHeader(['\ufeff price ', 'TYPE', 'brand', 'product', 'Product id']);
    expect(result).toEqual({ header: { Price: 0, Type: 1, Brand: 2, Product: 3, 'Product ID': 4 } });
  });

  it('refuses a file missing a required column with the spec mapping message', () => {
    expect(readProductCsvHeader(['Product ID', 'Product', 'Brand', 'Price'])).toEqual({
      error: m.csvMapping,
      detail: 'Missing columns: Type',
    });
    const reader = parseProductCsv('Name,Brand,Type,Price\r\nA,B,CGM,1');
    expect(reader.error).toEqual({ message: m.csvMapping, detail: 'Missing columns: Product' });
    expect(reader.rows).toEqual([]);
  });

  it('refuses a column given twice', () => {
    expect(readProductCsvHeader(['Product', 'Brand', 'Type', 'Price', 'price'])).toEqual({
      error: m.csvMapping,
      detail: 'Price appears twice',
    });
  });

  it('says so when a file has a header and no rows, and when it is empty', () => {
    expect(parseProductCsv(`${HEADER}\r\n\r\n`).error).toEqual({ message: m.csvNoRows });
    expect(parseProductCsv('').error).toEqual({ message: m.csvMapping });
  });
});

describe('product CSV rows', () => {
  const read = (rows: string[], stored: (id: number) => StoredProductFacts | null = () => null) =>
    parseProductCsv([HEADER, ...rows].join('\r\n'), stored);

  it('maps Type case-insensitively, empty Boxcount to null, a leading $ on Price, and a missing Product ID to a new product', () => {
    const reader = read([',Libre 2,,Freestyle,cgm,,$40.00', '7,Strips,,Accu-Chek,  test   STRIPS ,2,3']);
    expect(reader.refused).toEqual([]);
    expect(reader.rows).toEqual([
      {
        line: 2,
        productId: null,
        name: 'Libre 2',
        description: '',
        brand: 'Freestyle',
        productType: 'CGM',
        boxCount: null,
        buybackPrice: 40,
      },
      {
        line: 3,
        productId: 7,
        name: 'Strips',
        description: '',
        brand: 'Accu-Chek',
        productType: 'Test Strips',
        boxCount: 2,
        buybackPrice: 3,
      },
    ]);
  });

  it('refuses each bad row with its line and every reason in column order, keeping the good rows', () => {
    const reader = read([
      '100,,,OneTouch,Test Strips,,5',
      '101,Good,,OneTouch,CGM,,5',
      'abc,Name,,Brand,Gadgets,many,cheap',
      '102,Name,,Brand,CGM,-1,-3',
      '103,Name,,Brand,CGM,1.5,1.234',
      '0,Name,,Brand,CGM,,1',
      '104,Widget,,Brand,Other,,1',
    ]);
    expect(reader.rows.map((r) => r.line)).toEqual([3]);
    expect(reader.refused).toEqual([
      { line: 2, reason: m.nameRequired },
      {
        line: 4,
        reason: [
          m.csvProductIdInvalid,
          m.csvTypeUnknown,
          'Boxcount must be a number',
          'Price must be a number',
        ].join('; '),
      },
      { line: 5, reason: `${m.boxCountPositive}; ${m.pricePositive}` },
      { line: 6, reason: `${m.boxCountWhole}; ${m.priceCents}` },
      { line: 7, reason: m.csvProductIdInvalid },
      { line: 8, reason: m.expirationRequired },
    ]);
  });

  it('keeps an existing Other product valid through its stored expiration months', () => {
    const reader = read(['104,Widget,,Brand,Other,,1'], (id) =>
      id === 104 ? { expirationMonths: 6, inStock: true } : null,
    );
    expect(reader.refused).toEqual([]);
    expect(reader.rows).toHaveLength(1);
  });

  it('refuses the later of two rows with one Product ID', () => {
    const reader = read(['100,A,,B,CGM,,1', '101,A,,B,CGM,,1', '100,C,,D,CGM,,2']);
    expect(reader.rows.map((r) => r.line)).toEqual([2, 3]);
    expect(reader.refused).toEqual([{ line: 4, reason: 'Product ID 100 is already on line 2' }]);
  });

  it('numbers lines as a spreadsheet does: blank lines count, a multi-line cell is one line', () => {
    const reader = read([
      '',
      '100,A,"Two\nlines",B,CGM,,1',
      '   ',
      '101,X,,B,CGM,,1,extra',
      '102,Y,,B,CGM,,1,',
    ]);
    expect(reader.rows.map((r) => r.line)).toEqual([3, 6]);
    expect(reader.refused).toEqual([{ line: 5, reason: m.csvMapping }]);
  });

  it('refuses a product name with a line break or another control character; a description keeps its lines', () => {
    const reader = read([
      '100,"Two\nlines",,B,CGM,,1',
      '101,Bell\u0007,,B,CGM,,1',
      '102,A,"Line\r\nbreak",B,CGM,,1',
    ]);
    expect(reader.rows.map((r) => r.line)).toEqual([4]);
    expect(reader.refused.map((r) => r.line)).toEqual([2, 3]);
  });

  it('reads a file with only the required columns, and one saved with semicolons', () => {
    expect(parseProductCsv('Product,Brand,Type,Price\nA,B,CGM,1\n').rows).toHaveLength(1);
    const semicolons = parseProductCsv(
      'Product ID;Product;Brand;Type;Price\n100;A;B;CGM;1\n101;C;D;Other;2\n',
    );
    expect(semicolons.refused).toEqual([{ line: 3, reason: m.expirationRequired }]);
    expect(semicolons.rows).toEqual([
      expect.objectContaining({ productId: 100, name: 'A', buybackPrice: 1 }),
    ]);
  });

  it('refuses a file whose quote never closes with the spec parse message', () => {
    const reader = read(['100,"Unclosed,,B,CGM,,1', '101,X,,B,CGM,,1']);
    expect(reader.error).toEqual({ message: m.csvParse });
    expect(reader.rows).toEqual([]);
  });

  it('puts new rows in stock and keeps a stored product out of stock (the CSV has no stock column)', () => {
    const fields = {
      productId: 1,
      name: 'A',
      description: '',
      brand: 'B',
      productType: 'CGM',
      boxCount: null,
      buybackPrice: 1,
    };
    expect(checkProductRow(fields, null)).toMatchObject({ ok: true, input: { inStock: true } });
    expect(checkProductRow(fields, { expirationMonths: null, inStock: false })).toMatchObject({
      ok: true,
      input: { inStock: false },
    });
  });

  it('checks a row with the product form schema on the server side too', () => {
    const fields = {
      productId: 1,
      name: ' Trimmed ',
      description: '',
      brand: 'B',
      productType: 'other',
      boxCount: null,
      buybackPrice: 1,
    };
    expect(checkProductRow(fields, null)).toEqual({ ok: false, reason: m.expirationRequired });
    expect(checkProductRow(fields, { expirationMonths: 6, inStock: true })).toEqual({
      ok: true,
      input: expect.objectContaining({
        name: 'Trimmed',
        productType: 'Other',
        expirationMonths: 6,
        inStock: true,
      }),
    });
    expect(
      checkProductRow({ ...fields, name: 'x'.repeat(201) }, { expirationMonths: 6, inStock: true }),
    ).toEqual({
      ok: false,
      reason: m.nameTooLong,
    });
  });
});
