// Reviews by verified buyers on the product page. The section is loaded after the page's first
// paint (it sits below the details and brings the form library along), so the product itself
// shows as fast as before.
import { lazy } from 'react';

export const ProductReviews = lazy(() =>
  import('./components/product-reviews').then(({ ProductReviews }) => ({
    default: ProductReviews,
  })),
);
