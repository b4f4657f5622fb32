// The storefront's reads: shops, listings, products and the tenant's view.
export { registerCatalogRoutes } from './routes';
export {
  getListings,
  getMetadata,
  getProduct,
  countProducts,
  countShops,
  getShopListing,
  listProductAddresses,
  listProducts,
  listCategoryProducts,
  listProductsPage,
  getShopCategory,
  listShopCategories,
  productsByIds,
  listRelatedProducts,
  listCategoryPage,
  countCategoryProducts,
  listCategoryTypes,
  tenantView,
  toShop,
} from './service';
