/** Work that runs outside a request: pg-boss in the app's database, behind TJobs. */
export { HOUSEKEEPING_JOBS, scheduleHousekeeping } from './housekeeping';
export { startJobs, type TClock, type TJobHandler, type TJobInfo, type TJobOptions, type TJobs, type TJobsDeps } from './jobs';
