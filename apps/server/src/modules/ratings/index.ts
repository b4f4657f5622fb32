export { registerRatingRoutes } from './routes';
