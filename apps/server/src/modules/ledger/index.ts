// What the marketplace owes each shop: balances, histories, payouts and commissions.
export { registerLedgerRoutes } from './routes';
export { applyDefaultCommission } from './service';
