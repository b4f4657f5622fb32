// Accounts: sign-up, sign-in, the profile and the admin ensured at start.
export { ensureAdmin } from './ensure-admin';
export { registerAuthRoutes } from './routes';
export { makeOwner } from './service';
