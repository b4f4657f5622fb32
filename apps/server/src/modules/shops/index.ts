// Shop owners run their shops: the spec's /api/property/... calls.
export { registerShopRoutes, shopInPath } from './routes';
export { setShopCommission } from './service';
export { ownedShops } from './queries';
