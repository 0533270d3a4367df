/** File imports (fuel cards, IFTA miles; loads sheets' column mappings): preview, column mapping presets, confirm, history and undo. */

export { findPresets } from './history';
export { importsModule } from './routes';
export { purgeImportFiles } from './service';
