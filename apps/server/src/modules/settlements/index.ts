/** Weekly settlements: statements, the all-drivers PDF, and closing a week (frozen, numbered snapshots). */
export { settlementsModule } from './routes';
export { closeWeek, reopenWeek } from './service';
export { carriedDashboardLines, frozenDashboard } from './statements';
