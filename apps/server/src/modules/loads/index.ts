/** Loads: the board, its history and the load form. Imports and the order engine save loads through upsertLoad. */
export { findLoads, findLoadsPage, sumLoads, type TLoadQueryFilter, type TLoadViewer } from './queries';
export { loadsModule } from './routes';
export { deleteLoad, loadNumberTaken, upsertLoad, viewerOf } from './service';
