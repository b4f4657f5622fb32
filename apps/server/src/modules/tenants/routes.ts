// Tenants (admins only): the hosts, shop, SEO and chat data the storefront is served under.
// A write is followed at once in every process: the tenant tag reaches each process's tenant
// directory through the cache's invalidation bus, and tenant-keyed answers carry the tenant's
// version in their cache key, so none is served from before the edit.
import {
  adminTenantListSchema,
  adminTenantSchema,
  deletedResponseSchema,
  idParamsSchema,
  tenantInputSchema,
} from '@soko/contract';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { createTenant, deleteTenant, listTenants, updateTenant } from './service';

export function registerTenantRoutes(app: App, ctx: AppContext): void {
  const { db, cache } = ctx;
  const errors = errorResponses;
  // Every storefront answer may be tenant-specific (the shop shown first, the head, the sitemap).
  const dropTenantAnswers = () =>
    cache.invalidate([CACHE_TAGS.tenants, CACHE_TAGS.shops, CACHE_TAGS.catalog, CACHE_TAGS.blog]);

  app.get(
    '/api/tenants',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tenants'],
        summary: 'Every tenant: its hosts, the shop it shows, its SEO and chat data',
        response: { 200: adminTenantListSchema, ...errors },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listTenants(db);
    },
  );

  app.post(
    '/api/tenants',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tenants'],
        summary: 'Adds a tenant (409 when one of its hosts belongs to another)',
        body: tenantInputSchema,
        response: { 201: adminTenantSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = await createTenant(db, request.body);
      dropTenantAnswers();
      return reply.status(201).send(tenant);
    },
  );

  app.put(
    '/api/tenants/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tenants'],
        summary: 'Replaces a tenant’s hosts, shop, SEO and chat data',
        params: idParamsSchema,
        body: tenantInputSchema,
        response: { 200: adminTenantSchema, ...errors },
      },
    },
    async (request) => {
      const tenant = await updateTenant(db, request.params.id, request.body);
      dropTenantAnswers();
      return tenant;
    },
  );

  app.delete(
    '/api/tenants/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tenants'],
        summary: 'Removes a tenant (never the default one); its hosts then get the default',
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await deleteTenant(db, request.params.id);
      dropTenantAnswers();
      return deleted;
    },
  );
}
