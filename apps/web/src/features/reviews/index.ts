// Reviews by verified buyers on the product page. The section is loaded after the page's first
// paint (it sits below the details and brings the form library along), so the product itself
// shows as fast as before; its texts (`reviews.`) come with it (decision 050).
import { lazy } from 'react';
import { withMessages } from '../../lib/i18n';

export const ProductReviews = lazy(
  withMessages(['reviews'], async () => ({
    default: (await import('./components/product-reviews')).ProductReviews,
  })),
);
