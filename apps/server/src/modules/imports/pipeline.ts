import type { TImportKind } from '@haulboard/contract';
import type { TDbLike } from '../../db/client';
import { presetFits, previewImport, type TPreview, type TPreviewInput } from '../../imports';
import { refuse } from '../../lib/errors';
import { findPresets } from './history';
import { importTarget, type TImportRequest, type TPipelineTarget } from './target';

/** The pipeline's side of a kind; a kind whose files another page reads is refused with where to go. */
export function pipelineOf(kind: TImportKind | string): TPipelineTarget {
  const target = importTarget(kind);
  if (!target.pipeline) throw refuse(target.elsewhere ?? `Files of the kind '${kind}' are not imported here`);
  return target.pipeline;
}

/**
 * Runs the pipeline over a file for a company: its presets and stored keys are part of the answer.
 * `stream` keeps only the first rows of each kind and hands the new records to `onRecords`. Stored
 * keys are asked a batch at a time; lines of an import not yet done are not stored: a confirm waits
 * for that import (claimImport), so a line it shares with one that is then removed is still imported.
 */
export async function runPreview(
  db: TDbLike,
  companyId: number,
  req: TImportRequest,
  stream: Pick<TPreviewInput, 'keep' | 'onRecords'> = {},
  fleet?: string[],
): Promise<TPreview> {
  const target = pipelineOf(req.kind);
  const presets = await findPresets(db, companyId, req.kind);
  const chosen = req.presetId ? presets.find((p) => p.presetId === req.presetId) : undefined;
  // A chosen preset that no longer fits is not forced on the file: it is skipped (with the notice) like the others.
  const usable = chosen && presetFits(chosen) ? chosen : undefined;
  const units = fleet ?? (target.fleet ? await target.fleet(db, companyId) : []);
  return previewImport({
    file: { fileName: req.fileName, data: req.content },
    kind: req.kind,
    mapping: req.mapping ?? usable?.mapping,
    presets: presets.map((p) => ({ name: p.name, kind: p.kind, mapping: p.mapping })),
    storedKeys: target.storedKeys(db, companyId),
    ...target.input?.(req, units),
    replaceChanged: req.replace === true,
    ...stream,
  });
}
