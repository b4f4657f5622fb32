// The cart's public face for the other features (the checkout, the product page, the order
// page). Re-exports only: the package is free of side effects, so a screen that imports the
// store alone does not pull the rules (and zod) that cart-actions.ts brings.
export * from './cart-store';
export * from './cart-actions';
export * from './cart-line';
export * from './cart-orders';
export * from './recovery';
export * from './use-settle-cart-orders';
