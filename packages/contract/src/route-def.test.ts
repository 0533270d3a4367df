import { describe, expect, it } from 'vitest';
import { checkUploadFile, fileExtension, IMPORT_FILE_TYPES, MB, type TUploadFiles, uploadTexts } from './route-def';

const files: TUploadFiles = { name: 'file', maxBytes: 10 * MB, maxFiles: 1, accept: IMPORT_FILE_TYPES };

describe('upload checks a form runs before sending', () => {
  it('names the limit and the accepted endings in words', () => {
    expect(uploadTexts.tooLarge(files)).toBe('ERROR The file is larger than 10 MB');
    expect(uploadTexts.tooLarge({ ...files, maxBytes: 512 * 1024 })).toBe('ERROR The file is larger than 512 KB');
    expect(uploadTexts.wrongType(files)).toBe('ERROR The file must be a .csv, .xlsx, .xls or .txt file');
    expect(uploadTexts.tooMany({ ...files, maxFiles: 3 })).toBe('ERROR Upload at most 3 files at once');
  });

  it('refuses a wrong ending, an oversize and an empty file, and lets a good one go', () => {
    expect(checkUploadFile(files, { name: 'Fuel Q3.XLSX', size: 2000 })).toBeNull();
    expect(checkUploadFile(files, { name: 'scan.pdf', size: 2000 })).toBe(uploadTexts.wrongType(files));
    expect(checkUploadFile(files, { name: 'big.csv', size: 10 * MB + 1 })).toBe(uploadTexts.tooLarge(files));
    expect(checkUploadFile(files, { name: 'empty.csv', size: 0 })).toBe(uploadTexts.empty);
  });

  it('reads the ending of a name with folders, dots and none', () => {
    expect(fileExtension('C:\\exports\\loads.2026.CSV')).toBe('.csv');
    expect(fileExtension('.csv')).toBe('');
    expect(fileExtension('README')).toBe('');
  });
});
