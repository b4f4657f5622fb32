// Shop management's public face: its two screens, for the router.
export { ShopsPage } from './components/shops-page';
export { ManageProductsPage } from './components/manage-products-page';
