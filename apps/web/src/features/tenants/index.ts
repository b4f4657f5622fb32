// What other features may use of the tenants feature.
export { getMetadataQueryOptions, useCurrentShop, useMetadata } from './api/get-metadata';
export { getTenantQueryOptions, useTenant } from './api/get-tenant';
