export { FileImport } from './file-import';
export { ImportHistory } from './import-history';
