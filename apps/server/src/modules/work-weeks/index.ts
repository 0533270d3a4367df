/** Work weeks: the company's pay weeks that loads, expenses and settlements fall in. */
export { findWorkWeeks } from './queries';
export { workWeeksModule } from './routes';
export { firstMondayOf, insertWeeks, planWeeks } from './service';
