export { registerTenantRoutes } from './routes';
