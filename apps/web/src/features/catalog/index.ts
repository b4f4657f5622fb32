// What other features may use of the catalog: the product grid and card, paging and the
// listing's loading and error states (search shows its results with them). Re-exports only.
export { ProductGrid, type ProductGridProps } from './components/product-grid';
export { ProductCard, type ProductCardProps } from './components/product-card';
export { Pagination, type PaginationProps } from './components/pagination';
export {
  ListingError,
  ListingLoading,
  type ListingErrorProps,
} from './components/listing/listing-status';
export { useScrollToTopOnOpen } from './components/listing/use-scroll-to-top-on-open';
export { usePageTitle } from './components/product/use-page-title';
