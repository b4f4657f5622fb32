// The product read lives in lib: the cart and the checkout fetch products too.
export { getProduct, getProductQueryOptions, useProduct } from '../../../lib/get-product';
