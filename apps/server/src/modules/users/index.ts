/** User administration: people of the company, their roles, units and fees. */
export { findCompanyUsers, updateUserInformation } from './service';
export { usersModule } from './routes';
