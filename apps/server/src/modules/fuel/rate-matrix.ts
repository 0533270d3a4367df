import { findJurisdiction, IFTA_RATES_FILES } from '@haulboard/contract';
import { normaliseHeader, readRawRows } from '../../imports';
import { refuse } from '../../lib/errors';

/**
 * Reads the quarter's tax-rate matrix CSV as IFTA, Inc. publishes it (domain-notes §1.6): title rows,
 * then two rows per jurisdiction (`U.S.`: US$ per US gallon; `Can`: C$ per litre, name blank so it is
 * carried from the row above), and `<STATE> SurChg` rows for surcharges. Only the diesel column is
 * kept ("Special Diesel", found from the header, else the fourth column). The whole file is refused
 * with the first bad rows named, never half read.
 */

export type TParsedRate = { stateCode: string; usdPerGal: string; cadPerLitre: string | null; surchargeUsdPerGal: string };
export type TParsedMatrix = { rates: TParsedRate[]; isSample: boolean; quarterInFile: { year: number; quarter: number } | null };

export const MATRIX_TEXT = {
  notMatrix: 'This is not an IFTA tax-rate matrix: no rows with "U.S." or "Can" in the second column were found. Download the CSV from iftach.org (Tax Matrix, CSV).',
  unknownJurisdiction: (row: number, name: string) => `row ${row}: "${name}" is not a US state or Canadian province`,
  badRate: (row: number, name: string, value: string) => `row ${row}: the diesel rate "${value}" of ${name} is not an amount like $ 0.2950`,
  twice: (row: number, name: string) => `row ${row}: ${name} appears twice`,
  surchargeWithoutState: (row: number, name: string) => `row ${row}: ${name} has a surcharge row but no rate row`,
  refused: (problems: string[]) => `The matrix was not saved: ${problems.join('; ')}${problems.length >= 5 ? '; …' : ''}`,
  otherQuarter: (inFile: string, chosen: string) => `This matrix is for ${inFile}, not ${chosen}. Choose ${inFile} or upload the ${chosen} matrix.`,
} as const;

/** '$ 0.5240 ' → '0.5240'; '$-' or '' → '0.0000'; anything else → null. Four decimals at most, under $10. */
export function parseRateCell(text: string | undefined): string | null {
  const t = (text ?? '').replace(/[$\s]/g, '');
  if (t === '' || t === '-' || /^-+$/.test(t)) return '0.0000';
  const m = /^(\d{0,1})(?:\.(\d{1,4}))?$/.exec(t);
  if (!m || (!m[1] && !m[2])) return null;
  return `${m[1] || '0'}.${(m[2] ?? '').padEnd(4, '0')}`;
}

const isUs = (v: string) => /^u\.?\s*s\.?\s*a?\.?$/i.test(v.trim());
const isCan = (v: string) => /^can(ada)?\.?$/i.test(v.trim());

export async function parseRateMatrix(file: { fileName: string; buffer: Buffer }): Promise<TParsedMatrix> {
  const { rows } = await readRawRows({ fileName: file.fileName, data: file.buffer }, { maxBytes: IFTA_RATES_FILES.maxBytes, maxRows: 5000 });
  let dieselCol = 3;
  let isSample = false;
  let quarterInFile: TParsedMatrix['quarterInFile'] = null;
  let seenRates = false;
  let current: { name: string; code: string | null; surcharge: boolean; row: number } | null = null;
  const base = new Map<string, TParsedRate>();
  const surcharges = new Map<string, { rate: string; row: number; name: string }>();
  const problems: string[] = [];

  for await (const { row, cells } of rows) {
    const name = (cells[0] ?? '').trim();
    const country = (cells[1] ?? '').trim();
    if (!isUs(country) && !isCan(country)) {
      if (seenRates) continue;
      // Title and header rows: the diesel column, whether it is the sample, which quarter.
      const headerCol = cells.findIndex((c) => normaliseHeader(c) === 'special diesel');
      const dieselAny = headerCol >= 0 ? headerCol : cells.findIndex((c) => normaliseHeader(c) === 'diesel');
      if (dieselAny >= 2) dieselCol = dieselAny;
      const text = cells.join(' ');
      if (/not\s+real\s+rates|\bsample\b/i.test(text)) isSample = true;
      const q = /\b([1-4])\s*Q\s*(20\d\d)\b/i.exec(text) ?? /\bQ\s*([1-4])\s*(20\d\d)\b/i.exec(text);
      if (q && !quarterInFile) quarterInFile = { quarter: Number(q[1]), year: Number(q[2]) };
      continue;
    }
    seenRates = true;
    if (problems.length >= 5) continue;
    if (name) {
      const j = findJurisdiction(name);
      current = { name, code: j?.code ?? null, surcharge: /sur\s*chg/i.test(name), row };
      if (!j) {
        problems.push(MATRIX_TEXT.unknownJurisdiction(row, name));
        continue;
      }
    }
    if (!current?.code) continue;
    const value = parseRateCell(cells[dieselCol]);
    if (value === null) {
      problems.push(MATRIX_TEXT.badRate(row, current.name, (cells[dieselCol] ?? '').trim()));
      continue;
    }
    if (current.surcharge) {
      if (!isUs(country)) continue;
      if (surcharges.has(current.code)) problems.push(MATRIX_TEXT.twice(row, current.name));
      else surcharges.set(current.code, { rate: value, row, name: current.name });
      continue;
    }
    if (isUs(country)) {
      if (base.has(current.code)) problems.push(MATRIX_TEXT.twice(row, current.name));
      else base.set(current.code, { stateCode: current.code, usdPerGal: value, cadPerLitre: null, surchargeUsdPerGal: '0.0000' });
    } else {
      const r = base.get(current.code);
      if (r && r.cadPerLitre === null) r.cadPerLitre = value;
    }
  }
  if (!seenRates) throw refuse(MATRIX_TEXT.notMatrix);
  for (const [code, s] of surcharges) {
    const r = base.get(code);
    if (r) r.surchargeUsdPerGal = s.rate;
    else if (problems.length < 5) problems.push(MATRIX_TEXT.surchargeWithoutState(s.row, s.name));
  }
  if (problems.length) throw refuse(MATRIX_TEXT.refused(problems));
  if (!base.size) throw refuse(MATRIX_TEXT.notMatrix);
  return { rates: [...base.values()], isSample, quarterInFile };
}
