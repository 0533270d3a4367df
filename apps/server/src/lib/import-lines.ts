import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { imports } from '../db/schema';

/**
 * Whether a fuel or miles line counts: an import writes its lines straight into their table while
 * it is 'pending' and shows them all at once when it is done (docs/decisions/016), so every reader
 * of those lines adds this condition. A line of no import (the demo's) always counts.
 *
 * `importId` is the line's import column: `f.importId`, or `sql\`f.import_id\`` in hand-written SQL
 * with a table alias. The company's open imports (at most one per kind) are read once per statement.
 */
export const lineShown = (companyId: number, importId: AnyColumn | SQL): SQL =>
  sql`coalesce(${importId}, 0) <> all(array(select ${imports.id} from ${imports} where ${imports.companyId} = ${companyId} and ${imports.status} <> 'done'))`;
