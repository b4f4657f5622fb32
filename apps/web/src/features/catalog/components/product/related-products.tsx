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
  if (!data || data.length === 0) return null;
  return <RelatedProductsCarousel products={data} />;
}
