/** The company's role × object permission matrix (System admin → Roles & Permissions). */
export { permissionsModule } from './routes';
export { findPermissionMatrix, resetPermissions, setPermission } from './service';
