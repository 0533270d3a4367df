/** The rows of a raw `db.execute` answer: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T = any>(r: unknown): T[] => (Array.isArray(r) ? r : ((r as { rows?: T[] })?.rows ?? []));
