import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxBuffer } from './csv-writer';

describe('the XLSX writer', () => {
  it('neutralises text cells like the CSV writer and keeps the numbers it formats as numbers', async () => {
    const buffer = await xlsxBuffer([
      { name: 'Loads', rows: [['=HYPERLINK("http://x","y")', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1)', '\tx', 'Plain', -12.5, { decimal: '-12.50' }, { cents: -5 }, null]] },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const row = book.getWorksheet('Loads')!.getRow(1);
    const values = (row.values as unknown[]).slice(1);
    expect(values).toEqual(["'=HYPERLINK(\"http://x\",\"y\")", "'-2+3+cmd|' /C calc'!A0", "'@SUM(1)", "'\tx", 'Plain', -12.5, -12.5, -0.05]);
    for (let i = 1; i <= 5; i++) expect(row.getCell(i).type).toBe(ExcelJS.ValueType.String);
  });
});
