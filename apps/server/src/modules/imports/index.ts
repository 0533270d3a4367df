/** File imports (fuel cards, IFTA miles): preview, column mapping presets, confirm, history and undo. */
export { importsModule } from './routes';
export { purgeImportFiles } from './service';
