// The admin dashboard's calls on any shop's products (orders' admin reads live in orders).
export { registerAdminRoutes } from './routes';
