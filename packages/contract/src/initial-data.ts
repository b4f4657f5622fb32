// A page's first data travels inside its HTML: the server writes the answers the page would
// otherwise ask for right after loading, and the browser app seeds its query cache with them
// before the first render. No waterfall of loading states, no layout jumping as they arrive.
// The keys are shared here so the server and the web app's queries cannot drift apart.

/** The id of the `<script type="application/json">` element holding the entries. */
export const INITIAL_DATA_ELEMENT_ID = 'soko-initial-data';

export const queryKeys = {
  metadata: () => ['metadata'] as const,
  tenant: () => ['tenant'] as const,
  listing: () => ['listing'] as const,
  /** A page of GET /api/listing/gellisting, held as { products, total } (ProductsPage). */
  productsPage: (sort: string, page: number, pageSize: number) =>
    ['products', 'page', sort, page, pageSize] as const,
  // The server matches category names case-insensitively, so 'face care' and 'Face Care' share.
  categoryProducts: (
    categoryName: string,
    page: { sort: string; type: string; page: number; pageSize: number },
  ) =>
    [
      'products',
      'category',
      categoryName.trim().toLowerCase(),
      page.sort,
      page.type,
      page.page,
      page.pageSize,
    ] as const,
  categoryTypes: (categoryName: string) =>
    ['products', 'category-types', categoryName.trim().toLowerCase()] as const,
  relatedProducts: (categoryId: string, excludeId: string) =>
    ['products', 'related', categoryId, excludeId] as const,
  product: (productId: string) => ['product', productId] as const,
  shopListing: (shopId: string) => ['shop-listing', shopId] as const,
  blogPost: (id: string) => ['blog', 'post', id] as const,
  blogPage: (page: number) => ['blog', 'page', page] as const,
  /** GET /api/privacy: the tenant's privacy notice (decision 048). */
  privacy: () => ['privacy'] as const,
};

export type InitialDataEntry = { key: readonly unknown[]; data: unknown };
