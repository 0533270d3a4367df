export { isBadRange, PeriodFilter, SearchClearButtons, type TPeriod, type TPeriodMode } from './period-filter';
export { usePeriodSearch } from './use-period-search';
