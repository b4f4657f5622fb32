// Server-written pages (each with its own head), the sitemap and robots.txt.
export { registerPageRoutes } from './routes';
