// The dashboard's figures: sales, orders and best sellers, computed by the database.
export { registerStatsRoutes } from './routes';
