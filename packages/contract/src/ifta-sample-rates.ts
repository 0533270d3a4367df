import { csvText } from './csv-writer';
import { jurisdictions } from './jurisdictions';

/**
 * A SYNTHETIC IFTA tax-rate matrix in the shape IFTA, Inc. publishes (title rows, then two rows per
 * jurisdiction, `U.S.` and `Can`, and separate `SurChg` rows). The rates are made up by a formula:
 * they are NOT real rates and must never be filed or seeded as real. Real rates come from the
 * quarter's CSV at iftach.org, uploaded by the company's administrator.
 */

export const SAMPLE_RATES_FILE_NAME = 'ifta-rate-matrix-SAMPLE-NOT-REAL-RATES.csv';
export const SAMPLE_RATES_TITLE = 'SAMPLE TAX RATE MATRIX - NOT REAL RATES - synthetic values for testing Haulboard only';

const FUELS = ['Gasoline', 'Special Diesel', 'Gasohol', 'Propane', 'LNG', 'CNG', 'Ethanol', 'Methanol', 'E-85', 'M-85', 'A55', 'Biodiesel', 'Electricity', 'Hydrogen'];

/** Ten-thousandths of a dollar as the matrix prints it: '$ 0.2950 '. */
const cell = (tenThousandths: number) => `$ ${(tenThousandths / 10_000).toFixed(4)} `;

/** The sample's diesel rate, in ten-thousandths of a US dollar per US gallon: 0.2000 to 0.6000, Oregon 0 (weight-mile tax). */
export function sampleDieselRate(code: string, index: number): number {
  if (code === 'OR') return 0;
  return 2000 + ((index * 37) % 41) * 100;
}
/** The sample's surcharges (ten-thousandths): Kentucky and Virginia; Indiana's row at zero. */
export const SAMPLE_SURCHARGES: Record<string, [string, number]> = {
  IN: ['INDIANA', 0],
  KY: ['KENTUCKY', 1025],
  VA: ['VIRGINIA', 1430],
};

/** Sample jurisdictions in matrix order: the US members, then the provinces. */
export function sampleJurisdictions(): { code: string; name: string; country: 'US' | 'CA' }[] {
  return jurisdictions.filter((j) => j.isIfta).map(({ code, name, country }) => ({ code, name, country }));
}

/** The sample matrix as CSV text (the downloadable file). */
export function sampleRateMatrixCsv(): string {
  const blank = FUELS.map(() => '');
  const lines: string[][] = [
    [SAMPLE_RATES_TITLE, '', ...blank],
    ['Jurisdiction', 'Country', ...FUELS],
    ['', '', ...FUELS.map(() => 'Rate')],
  ];
  const usdToCadPerLitre = (usd: number) => Math.round((usd * 1.35) / 3.785411784);
  sampleJurisdictions().forEach((j, i) => {
    const diesel = sampleDieselRate(j.code, i);
    const gasoline = 1500 + ((i * 53) % 37) * 100;
    const others = FUELS.slice(2).map((_, k) => (k % 3 === 0 ? '$- ' : cell(1000 + ((i + k) % 9) * 250)));
    lines.push([`${j.name.toUpperCase()} #${String(i + 1).padStart(2, '0')}`, 'U.S.', cell(gasoline), cell(diesel), ...others]);
    lines.push(['', 'Can', cell(usdToCadPerLitre(gasoline)), cell(usdToCadPerLitre(diesel)), ...others.map(() => '$- ')]);
  });
  for (const [name, rate] of Object.values(SAMPLE_SURCHARGES)) {
    lines.push([`${name} SurChg`, 'U.S.', cell(rate), cell(rate), ...FUELS.slice(2).map(() => '$- ')]);
    lines.push(['', 'Can', cell(usdToCadPerLitre(rate)), cell(usdToCadPerLitre(rate)), ...FUELS.slice(2).map(() => '$- ')]);
  }
  return csvText(lines);
}
