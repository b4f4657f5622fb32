// Reviews: verified buyers' stars and words on a product, shown on its page and in its JSON-LD.
export { registerReviewRoutes } from './routes';
export { reviewsForPageData } from './service';
