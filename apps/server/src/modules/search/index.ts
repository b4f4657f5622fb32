// Search across every shop's products (GET /api/search/get and its facets and suggestions).
export { registerSearchRoutes } from './routes';
