import { cellText, numberCellText, type TCsvCell } from '@haulboard/contract';
import ExcelJS from 'exceljs';

/**
 * The server's file writers: every CSV and XLSX export goes through here. The CSV writer and its
 * one rule live in the contract (`csv-writer.ts`) because the web writes CSV files too; XLSX
 * applies the same rule to its string cells.
 */
export { cellText, csvField, csvText, neutraliseText, type TCsvCell } from '@haulboard/contract';

export type TSheet = { name: string; rows: readonly (readonly TCsvCell[])[] };

/** An XLSX workbook: number cells as numbers, every text cell neutralised like in a CSV. */
export async function xlsxBuffer(sheets: readonly TSheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const ws = book.addWorksheet(sheet.name.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'Sheet');
    for (const row of sheet.rows) {
      ws.addRow(
        row.map((cell) => {
          const number = numberCellText(cell);
          if (number !== null) return number === '' ? null : Number(number);
          return cell === null || cell === undefined ? null : cellText(cell);
        }),
      );
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
