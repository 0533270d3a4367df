import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { deflateRepeated, SHEET_HEAD, SHEET_TAIL, sharedStringsXml, sheetXml, xlsxOf } from './fixtures/hostile-files';
import { detectDelimiter, detectEncoding, normaliseHeader, openTable, READ_TEXT, readRawRows, type TFileInput, type TRawRow } from './read';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const fixture = (name: string): TFileInput => ({ fileName: name, data: fs.readFileSync(path.join(dir, name)) });
const text = (fileName: string, body: string): TFileInput => ({ fileName, data: Buffer.from(body, 'utf8') });

async function all(rows: AsyncIterable<TRawRow>) {
  const out: TRawRow[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

const EFS = { id: 'efs', required: ['card', 'tran date', 'state prov', 'item', 'qty'] };
const PILOT = { id: 'pilot', required: ['authorization no', 'unit no', 'card no', 'quantity', 'transaction date', 'product code'], sheet: 'All Transactions' };
const MILES = { id: 'miles', required: ['unit', 'jurisdiction', 'total miles'] };

describe('headers', () => {
  it('normalises case, whitespace, punctuation and camelCase', () => {
    expect(normaliseHeader('State/ Prov')).toBe('state prov');
    expect(normaliseHeader('Stop 2  Actual Arrival Date')).toBe('stop 2 actual arrival date');
    expect(normaliseHeader('  TOTAL AMOUNT DUE ')).toBe('total amount due');
    expect(normaliseHeader('taxPaidLiters')).toBe('tax paid liters');
    expect(normaliseHeader('Authorization_No')).toBe('authorization no');
    expect(normaliseHeader("Driver's Name")).toBe('drivers name');
    expect(normaliseHeader('Card #')).toBe('card');
    expect(normaliseHeader('\uFEFFYear')).toBe('year');
  });
});

describe('CSV', () => {
  it('detects comma, semicolon and tab delimiters', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('a;b;c\n1,5;2;3\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n"Tracy, CA"\t2\t3\n')).toBe('\t');
  });

  it('reads a semicolon file with a BOM: the first header has no stray mark', async () => {
    const table = await openTable(fixture('ifta_miles_semicolon_bom.csv'), [MILES]);
    expect(table).toMatchObject({ format: 'csv', delimiter: ';', encoding: 'utf8', headerRow: 1, match: MILES });
    expect(table.headers[0]).toBe('Year');
    expect((await all(table.rows)).map((r) => r.cells)).toEqual([
      ['2025', '3', '104', 'TX', '1234,5', '1234,5'],
      ['2025', '3', '104', 'NM', '88', '88'],
    ]);
  });

  it('reads a Windows-1252 file: the accented city comes out right', async () => {
    const file = fixture('fuel_efs_windows1252.csv');
    expect(detectEncoding(file.data as Buffer)).toBe('windows1252');
    const table = await openTable(file, [EFS]);
    const [row] = await all(table.rows);
    expect(row.cells[8]).toBe('MONTRÉAL');
    expect(table.encoding).toBe('windows1252');
  });

  it('reads UTF-8 without a BOM as UTF-8 (not mistaken for Windows-1252)', async () => {
    const table = await openTable(text('x.csv', 'Unit,Jurisdiction,Total Miles\n101,Québec,12\n'), [MILES]);
    expect((await all(table.rows))[0].cells[1]).toBe('Québec');
  });

  it('reads a tab-separated file with quoted commas', async () => {
    const table = await openTable(text('x.txt', 'Unit\tJurisdiction\tTotal Miles\n"101, A"\tTX\t12\n'), [MILES]);
    expect((await all(table.rows))[0].cells).toEqual(['101, A', 'TX', '12']);
  });

  it('skips metadata rows above the header and keeps spreadsheet row numbers', async () => {
    const table = await openTable(fixture('fuel_pilot_all_transactions_2025Q3.csv'), [EFS, PILOT]);
    expect(table.match?.id).toBe('pilot');
    expect(table.headerRow).toBe(6);
    const rows = await all(table.rows);
    expect(rows.map((r) => r.row)).toEqual([7, 8]);
    expect(table.sample).toHaveLength(2);
  });

  it('prefers the most specific layout whose headers are all present', async () => {
    const wide = { id: 'wide', required: [...MILES.required, 'taxable miles'] };
    const table = await openTable(fixture('ifta_miles_2025Q3.csv'), [MILES, wide]);
    expect(table.match?.id).toBe('wide');
  });

  it('finds the header of an unknown layout and offers its first rows', async () => {
    const body = 'My Fleet Export\n\nTruck,Where,How Far,When\n101,TX,10,2025-07-01\n102,OK,20,2025-07-02\n';
    const table = await openTable(text('mine.csv', body), [EFS, MILES]);
    expect(table.match).toBeNull();
    expect(table.headers).toEqual(['Truck', 'Where', 'How Far', 'When']);
    expect(table.headerRow).toBe(3);
    expect(table.sample.map((r) => r.cells[0])).toEqual(['101', '102']);
  });

  it('refuses an empty file, a binary file, an old .xls and a file without a header, in plain words', async () => {
    await expect(readRawRows(text('empty.csv', ''))).rejects.toThrow(READ_TEXT.empty);
    await expect(readRawRows(text('blank.csv', '\n\n  \n'))).rejects.toThrow(READ_TEXT.empty);
    await expect(readRawRows({ fileName: 'a.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]) })).rejects.toThrow(READ_TEXT.notTable);
    await expect(readRawRows({ fileName: 'a.xls', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]) })).rejects.toThrow(READ_TEXT.oldExcel);
    await expect(openTable(text('n.csv', '1,2,3\n4,5,6\n'), [MILES])).rejects.toThrow(READ_TEXT.noHeader);
  });

  it('refuses a file over the row or size limit with a clear message', async () => {
    const body = `Unit,Jurisdiction,Total Miles\n${'101,TX,1\n'.repeat(11)}`;
    const table = await openTable(text('big.csv', body), [MILES], { maxRows: 10 });
    await expect(all(table.rows)).rejects.toThrow('The file has more than 10 rows. Split it into smaller files.');
    const stream = Readable.from(
      (function* () {
        yield Buffer.from('Unit,Jurisdiction,Total Miles\n');
        for (let i = 0; i < 1500; i++) yield Buffer.from('101,TX,1\n'.repeat(100));
      })(),
    );
    const readWhole = async () => all((await openTable({ fileName: 'big.csv', data: stream }, [MILES], { maxBytes: 1024 * 1024 })).rows);
    await expect(readWhole()).rejects.toThrow('The file is larger than 1 MB. Split it into smaller files.');
  });
});

describe('XLSX', () => {
  async function workbook(build: (wb: ExcelJS.Workbook) => void) {
    const wb = new ExcelJS.Workbook();
    build(wb);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('reads the first sheet, with Excel serial and date-formatted cells as dates', async () => {
    const data = await workbook((wb) => {
      const ws = wb.addWorksheet('Miles');
      ws.addRow(['Unit', 'Jurisdiction', 'Total Miles', 'Date']);
      ws.addRow([101, 'TX', 4212.4, 45852]);
      ws.addRow([102, 'OK', 1890.7, new Date(Date.UTC(2025, 6, 15))]);
      ws.getCell('D3').numFmt = 'mm/dd/yyyy';
    });
    const table = await openTable({ fileName: 'miles.xlsx', data }, [MILES]);
    expect(table).toMatchObject({ format: 'xlsx', sheet: 'Miles', headerRow: 1 });
    expect((await all(table.rows)).map((r) => r.cells)).toEqual([
      ['101', 'TX', '4212.4', '45852'],
      ['102', 'OK', '1890.7', '2025-07-15'],
    ]);
  });

  it("picks Pilot's \"All Transactions\" sheet over the pivot sheet before it, or a sheet named by the caller", async () => {
    const data = await workbook((wb) => {
      wb.addWorksheet('Pivot').addRow(['Product', 'Total']);
      const all = wb.addWorksheet('All Transactions');
      all.addRow(['Pilot Flying J']);
      all.addRow(['CompanyId', 'Authorization_No', 'UnitNo', 'Card_No', 'Quantity', 'TransactionDate', 'ProductCode']);
      all.addRow([2, 354187, 101, 990001, 120.5, 45852, 20]);
      wb.addWorksheet('Notes').addRow(['Unit', 'Jurisdiction', 'Total Miles']);
    });
    const pilot = await openTable({ fileName: 'pilot.xlsx', data }, [PILOT]);
    expect(pilot).toMatchObject({ sheet: 'All Transactions', headerRow: 2 });
    expect((await all(pilot.rows))[0].cells).toEqual(['2', '354187', '101', '990001', '120.5', '45852', '20']);
    const notes = await openTable({ fileName: 'pilot.xlsx', data }, [MILES], { sheet: 'notes' });
    expect(notes.sheet).toBe('Notes');
    await expect(openTable({ fileName: 'pilot.xlsx', data }, [MILES], { sheet: 'Fuel' })).rejects.toThrow(
      'The workbook has no sheet named "Fuel" (it has "Pivot", "All Transactions", "Notes")',
    );
  });

  it('refuses a damaged workbook in plain words', async () => {
    const data = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    await expect(openTable({ fileName: 'bad.xlsx', data }, [MILES])).rejects.toThrow(READ_TEXT.unreadable);
  });
});

describe('streaming', () => {
  it('reads 250,000 rows with flat memory', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const ROWS = 250_000;
    function* generate() {
      yield 'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Location Name,City,State/ Prov,Item,Unit Price,Qty,Amt,Currency\n';
      let chunk = '';
      for (let i = 1; i <= ROWS; i++) {
        chunk += `70830500999${String(i % 10000).padStart(5, '0')},07/14/2025,06:42,${i},${100 + (i % 50)},JOHN SMITH,PILOT #436,AMARILLO,TX,ULSD,3.899,120.50,421.63,USD/Gallons\n`;
        if (i % 1000 === 0) {
          yield chunk;
          chunk = '';
        }
      }
      if (chunk) yield chunk;
    }
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let count = 0;
    // The rows are wider than a real export's, so the byte limit is lifted: this test is about memory.
    const table = await openTable({ fileName: 'big.csv', data: Readable.from(generate()) }, [EFS], { maxBytes: 200 * 1024 * 1024 });
    for await (const r of table.rows) {
      count++;
      if (count % 25_000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - before);
        expect(r.row).toBe(count + 1);
      }
    }
    expect(count).toBe(ROWS);
    expect(peak).toBeLessThan(50 * 1024 * 1024);
  }, 120_000);
});

describe('CSV that cannot stall the reader', () => {
  /** Bytes handed over in pieces of `size`, so quotes and line breaks fall on chunk edges. */
  const pieces = (body: string, size: number): TFileInput => ({
    fileName: 'x.csv',
    data: Readable.from(
      (function* () {
        const bytes = Buffer.from(body, 'utf8');
        for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
      })(),
    ),
  });

  it('ends a row at CRLF, LF or CR, line by line (a CRLF header with LF rows is not one long row)', async () => {
    const body = 'Unit,Jurisdiction,Total Miles\r\n101,TX,1\n102,OK,2\r103,NM,3\r\n\n104,AZ,4';
    for (const file of [text('x.csv', body), pieces(body, 1), pieces(body, 3)]) {
      const table = await openTable(file, [MILES]);
      expect((await all(table.rows)).map((r) => [r.row, ...r.cells])).toEqual([
        [2, '101', 'TX', '1'],
        [3, '102', 'OK', '2'],
        [4, '103', 'NM', '3'],
        [6, '104', 'AZ', '4'],
      ]);
    }
  });

  it('reads quoted cells with delimiters, line breaks and doubled quotes, on any chunk edge', async () => {
    const body = 'Unit;Jurisdiction;Total Miles\r\n"10;1";"T""X""";"1\r\n2"\r\n"";x"y;"a"b\r\n';
    for (const file of [text('x.csv', body), pieces(body, 1), pieces(body, 2), pieces(body, 5)]) {
      const rows = await all((await openTable(file, [MILES])).rows);
      expect(rows).toEqual([
        { row: 2, cells: ['10;1', 'T"X"', '1\r\n2'] },
        { row: 3, cells: ['', 'x"y', 'ab'] },
      ]);
    }
  });

  it('refuses a quote that is never closed, naming its row', async () => {
    await expect(all((await readRawRows(text('x.csv', 'a,b\n1,"2\n3,4\n'))).rows)).rejects.toThrow(READ_TEXT.unclosedQuote(2));
  });

  it('counts blank lines toward the row limit: a header and a million empty lines is refused at once', async () => {
    const started = performance.now();
    const file = { fileName: 'blank.csv', data: Buffer.from(`Unit,Jurisdiction,Total Miles\n${'\n'.repeat(1_000_000)}`) };
    await expect(openTable(file, [MILES]).then((t) => all(t.rows))).rejects.toThrow(READ_TEXT.tooManyRows(250_000));
    // Blank lines before a header cannot stretch the header search either.
    await expect(openTable({ fileName: 'b.csv', data: Buffer.from(`${'\n'.repeat(300_000)}Unit,Jurisdiction,Total Miles\n`) }, [MILES])).rejects.toThrow(READ_TEXT.empty);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('refuses a 5 MB line and 100,000 columns quickly, naming the row', async () => {
    const started = performance.now();
    await expect(openTable({ fileName: 'long.csv', data: Buffer.from(`${'x'.repeat(5 * 1024 * 1024)}\n1\n`) }, [MILES])).rejects.toThrow(READ_TEXT.rowTooLong(1));
    const wide = `${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',')}\n`;
    await expect(openTable({ fileName: 'wide.csv', data: Buffer.from(wide) }, [MILES])).rejects.toThrow(READ_TEXT.tooManyColumns(1));
    const laterRow = `Unit,Jurisdiction,Total Miles\n101,TX,1\n${'y'.repeat(100_000)}\n`;
    await expect(openTable(text('later.csv', laterRow), [MILES]).then((t) => all(t.rows))).rejects.toThrow(READ_TEXT.rowTooLong(3));
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('gives the event loop a turn while it reads', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const body = `Unit,Jurisdiction,Total Miles\n${'101,TX,1,,,\n'.repeat(200_000)}`;
    const table = await openTable({ fileName: 'r.csv', data: Buffer.from(body) }, [MILES]);
    const rows = await all(table.rows);
    clearInterval(timer);
    expect(rows).toHaveLength(200_000);
    expect(ticks).toBeGreaterThan(3);
  });
});

describe('XLSX read in bounded work', () => {
  const STYLES = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
    <numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd&quot; at &quot;hh:mm"/></numFmts>
    <cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>
    <cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="20"/><xf numFmtId="4"/></cellXfs></styleSheet>`;

  it('reads a sheet that comes before its shared strings: every kind of cell, row numbers with gaps', async () => {
    const rows = [
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>Total</t><t xml:space="preserve"> Miles</t></is></c></row>',
      '<row r="3"><c r="A3"><v>101</v></c><c r="C3" s="4"><v>4212.4</v></c><c r="D3" s="1"><v>45852</v></c><c r="E3" s="2"><v>45852.2791666667</v></c></row>',
      '<row r="4"><c r="A4" t="s"><v>2</v></c><c r="B4" t="b"><v>1</v></c><c r="C4" t="e"><v>#DIV/0!</v></c><c r="D4" s="3"><v>0.5</v></c><c r="E4" t="str"><f>A4&amp;"!"</f><v>R&amp;D</v></c></row>',
      '<row r="5"><c t="inlineStr"><is><t>no refs</t></is></c><c><v>2</v></c><c r="D5" s="1"><f>TODAY()</f><v>45853</v></c></row>',
    ].join('');
    const strings = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
      <si><t>Unit</t></si><si><r><rPr><b/></rPr><t>Juris</t></r><r><t>diction</t></r></si><si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si></sst>`;
    const data = xlsxOf({ sheets: [{ name: 'Miles', xml: sheetXml(rows) }], strings, styles: STYLES });
    const table = await openTable({ fileName: 'm.xlsx', data }, [MILES]);
    expect(table).toMatchObject({ format: 'xlsx', sheet: 'Miles', headerRow: 1, headers: ['Unit', 'Jurisdiction', 'Total Miles'] });
    expect(await all(table.rows)).toEqual([
      { row: 3, cells: ['101', '', '4212.4', '2025-07-14', '2025-07-14T06:42:00'] },
      { row: 4, cells: ['東京', 'TRUE', '', '12:00:00', 'R&D'] },
      { row: 5, cells: ['no refs', '2', '', '2025-07-15'] },
    ]);
  });

  it('reads a 1904 workbook and namespaced (x:) elements', async () => {
    const xml = sheetXml('<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Date</x:t></x:is></x:c></x:row><x:row r="2"><x:c r="A2" s="1"><x:v>44390</x:v></x:c></x:row>');
    const data = xlsxOf({ sheets: [{ name: 'S', xml }], styles: STYLES, date1904: true });
    const { rows } = await readRawRows({ fileName: 'd.xlsx', data });
    expect((await all(rows)).map((r) => r.cells)).toEqual([['Date'], ['2025-07-14']]);
  });

  it('refuses a shared-strings bomb quickly, with bounded memory', async () => {
    // 260 KB on disk: 3 million strings once inflated.
    const body = '<si><t>abcdefghijklmnop</t></si>'.repeat(32 * 1024);
    const strings = { name: 's', deflated: deflateRepeated(sharedStringsXml([]).replace('</sst>', ''), body, 100, '</sst>'), claimedSize: 1000 };
    const data = xlsxOf({ sheets: [{ name: 'S', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>') }], strings });
    const started = performance.now();
    const before = process.memoryUsage().rss;
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - before)), 20);
    await expect(readRawRows({ fileName: 'b.xlsx', data }).then((r) => all(r.rows))).rejects.toThrow(READ_TEXT.tooManyStrings);
    clearInterval(timer);
    // Seconds on an idle machine; the bound leaves room for a busy test machine.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(peak).toBeLessThan(300 * 1024 * 1024);
  }, 30_000);

  it('refuses a sheet that inflates past the cap, whatever its zip header claims, before reading the shared strings it comes before', async () => {
    const huge = { name: 's', deflated: deflateRepeated(SHEET_HEAD, ' '.repeat(1024), 120 * 1024, SHEET_TAIL), claimedSize: 2048 };
    const spaced = xlsxOf({ sheets: [{ name: 'S', part: huge }], strings: sharedStringsXml(['a']) });
    await expect(readRawRows({ fileName: 'w.xlsx', data: spaced }).then((r) => all(r.rows))).rejects.toThrow(READ_TEXT.longText);
    const rows = { name: 's', deflated: deflateRepeated(SHEET_HEAD, '<row><c t="s"><v>0</v></c></row>'.repeat(1000), 1000, SHEET_TAIL), claimedSize: 2048 };
    const long = xlsxOf({ sheets: [{ name: 'S', part: rows }], strings: sharedStringsXml(['Unit']) });
    expect(long.length).toBeLessThan(200 * 1024);
    await expect(readRawRows({ fileName: 'l.xlsx', data: long }).then((r) => all(r.rows))).rejects.toThrow(READ_TEXT.tooManyRows(250_000));
    const wide = xlsxOf({ sheets: [{ name: 'S', xml: sheetXml('<row r="1"><c r="ALM1"><v>1</v></c><c r="ALN1"><v>1</v></c></row>') }] });
    await expect(readRawRows({ fileName: 'c.xlsx', data: wide }).then((r) => all(r.rows))).rejects.toThrow(READ_TEXT.tooManyColumns(1));
    // Rows of inline text alone, with tags between, stop at the inflate caps.
    const text = { name: 's', deflated: deflateRepeated(SHEET_HEAD, '<row/>'.repeat(100_000), 1000, SHEET_TAIL), claimedSize: 2048 };
    await expect(readRawRows({ fileName: 't.xlsx', data: xlsxOf({ sheets: [{ name: 'S', part: text }] }) }).then((r) => all(r.rows))).rejects.toThrow(
      READ_TEXT.tooManyRows(250_000),
    );
  }, 30_000);
});
