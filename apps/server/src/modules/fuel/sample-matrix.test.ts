import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAMPLE_RATES_FILE_NAME, sampleRateMatrixCsv } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { parseRateMatrix } from './rate-matrix';

/** The shipped sample file (apps/server/src/imports/fixtures) is the one the page offers, and reads as a sample. */
const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../imports/fixtures', SAMPLE_RATES_FILE_NAME);

describe('the synthetic sample rate matrix', () => {
  it('is the committed fixture file, byte for byte', () => {
    if (process.env.WRITE_SAMPLE_MATRIX) fs.writeFileSync(file, sampleRateMatrixCsv());
    expect(fs.readFileSync(file, 'utf8')).toBe(sampleRateMatrixCsv());
  });

  it('reads as a sample: 48 states and 10 provinces, Kentucky and Virginia surcharges, Oregon at zero', async () => {
    const m = await parseRateMatrix({ fileName: SAMPLE_RATES_FILE_NAME, buffer: fs.readFileSync(file) });
    expect(m.isSample).toBe(true);
    expect(m.quarterInFile).toBeNull();
    expect(m.rates).toHaveLength(58);
    const of = (code: string) => m.rates.find((r) => r.stateCode === code);
    expect(of('KY')?.surchargeUsdPerGal).toBe('0.1025');
    expect(of('VA')?.surchargeUsdPerGal).toBe('0.1430');
    expect(of('IN')?.surchargeUsdPerGal).toBe('0.0000');
    expect(of('OR')?.usdPerGal).toBe('0.0000');
    expect(of('AB')?.cadPerLitre).not.toBeNull();
    expect(of('AK')).toBeUndefined();
  });
});
