import { useDeferredValue } from 'react';
import { useRelatedProducts } from '../../api/get-related-products';
import { RelatedProductsCarousel } from './related-products-carousel';

/** Shown only once there is something to show: a failed fetch is only logged (spec section 8). */
export function RelatedProducts({
  categoryId,
  productId,
}: {
  categoryId: string;
  productId: string;
}) {
  const { data } = useRelatedProducts(categoryId, productId);
  // The answer comes through the query cache's store, whose updates React renders synchronously:
  // the carousel's first render (a card a product) was one long task on a phone (issue 16).
  // Deferred, it renders in slices that yield to the browser.
  const products = useDeferredValue(data);
  if (!products || products.length === 0) return null;
  return <RelatedProductsCarousel products={products} />;
}
