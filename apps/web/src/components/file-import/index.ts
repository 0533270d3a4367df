export { ColumnMapping } from './column-mapping';
export { FileImport } from './file-import';
export { ImportHistory } from './import-history';
export { SavedPresets } from './saved-presets';
