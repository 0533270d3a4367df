/** The select lists of spec §3 Lookups. */

export { findDriverOptions, findWeekOptions } from './queries';
export { lookupsModule } from './routes';
