/**
 * File imports: the one pipeline's orchestrator (preview, column mapping presets, confirm, history and
 * undo). Each kind's target (its page, table, rows and final step) is registered by the module that
 * owns its lines: fuel (fuel lines, IFTA miles), accounting (loads sheets' mappings, payment files).
 */

export { findPresets } from './history';
export { importsModule } from './routes';
export { purgeImportFiles } from './staged';
export { registerImportTarget, type TFinalStep, type TImportRequest, type TImportTarget, type TPipelineTarget, type TPreviewMarks } from './target';
