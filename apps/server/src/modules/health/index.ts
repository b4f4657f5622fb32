export { registerHealthRoutes } from './routes';
