// Server-written pages (each with its own head, the shopper's painted by the web app), the
// sitemap, robots.txt and the web app manifest.
export { loadBodyRenderer, registerPageRoutes } from './routes';
