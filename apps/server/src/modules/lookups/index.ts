/** The select lists of spec §3 Lookups. */
export { lookupsModule } from './routes';
export { findDriverOptions, findWeekOptions } from './queries';
