// The storefront's reads: shops, listings, products and the tenant's view.
export { registerCatalogRoutes } from './routes';
export {
  getListings,
  getMetadata,
  getProduct,
  listAllProducts,
  listRelatedProducts,
  tenantView,
} from './service';
