/** The simulated external load board (domain-notes §4): createSim for tests and `npm run sim`, mountSim for the demo. */
export { createSim, DEMO_CREDENTIALS, mountSim } from './sim';
export type { TCredentials, TFault, TRequestRecord, TSim, TSimControl, TSimOptions } from './sim';
export type { TWorkOpportunitySpec } from './generate';
export type { THistoryTrip } from './history';
export { PAYMENT_HEADER, TRIPS_HEADER, exportLoadId } from './exports';
export type { TLoad, TLocation, TStop, TTrip, TWorkOpportunity } from './types';
export { pacificWeekOf } from './time';
