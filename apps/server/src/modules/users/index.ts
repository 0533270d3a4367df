/** User administration: people of the company, their roles, units and fees. */

export { usersModule } from './routes';
export { findCompanyUsers, updateUserInformation } from './service';
