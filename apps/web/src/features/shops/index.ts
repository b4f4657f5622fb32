// Shop management's public face: its screens, for the router.
export { ShopsPage, ShopManagement } from './components/shops-page';
export { ManageProductsPage } from './components/manage-products-page';
export { ShopOrdersPage } from './components/shop-orders-page';
// The owner's product form and shop reads, reused by the admin's Add Product (any shop).
export { ProductForm } from './components/product-form';
export { useShops } from './api/get-shops';
export { useShopCategories } from './api/get-shop-categories';
export { ShopBalancePage } from './components/shop-balance-page';
export { ShopDeliveryPage } from './components/shop-delivery-page';
export { ShopCodesPage } from './components/shop-codes-page';
export { DiscountCodesEditor } from './components/discount-codes-editor';
export { ShopCataloguePage } from './components/shop-catalogue-page';
export { ShopTaxPage } from './components/shop-tax-page';
export { ShopReceiptsPage } from './components/shop-receipts-page';
