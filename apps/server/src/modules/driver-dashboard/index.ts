/** The driver dashboard: a driver's gross, expenses, fuel, administration fee and net for a period. */

export { computePay, shareOf } from './pay';
export { driverOf, type TEmployment, worksIn } from './queries';
export { driverDashboard, driverDashboardModule, driverFigures, type TCarriedLines, type TDriverFigures, type TFrozenFigures, type TFullDashboard } from './routes';
