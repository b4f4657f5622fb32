export { registerNewsletterRoutes } from './routes';
