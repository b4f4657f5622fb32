// A shop's catalogue in and out as CSV: export, dry run and import by SKU.
export { registerCatalogueRoutes } from './routes';
