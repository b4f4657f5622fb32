// A tenant is found by the request's host; an unknown host gets the default tenant. The table
// is tiny and read on every storefront request, so it is held in memory and reloaded on change.
import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { tenants, type Seo, type WhatsApp } from './schema';

export type Tenant = {
  id: string;
  /** Changes with every edit of the row: cache keys carry it (see tenantCacheKey). */
  version: string;
  shopId: string;
  seo: Seo | null;
  whatsapp: WhatsApp | null;
  /** Its first host: where links mailed about its orders point (the default's is PUBLIC_URL). */
  host: string | null;
};

/**
 * The part of a cache key that names the tenant. An answer made from a tenant read just before
 * an admin's edit is stored under the old version, so no request after the edit can get it.
 */
export const tenantCacheKey = (tenant: Tenant | null) =>
  tenant ? `${tenant.id}.${tenant.version}` : '-';

/** PUBLIC_URL's scheme and port on another tenant's host. */
function onHost(publicUrl: string, host: string): string {
  const site = new URL(publicUrl);
  site.hostname = host;
  return site.origin;
}

export class TenantDirectory {
  private byHost:
    | Promise<{ hosts: Map<string, Tenant>; ids: Map<string, Tenant>; fallback: Tenant | null }>
    | undefined;

  constructor(private readonly db: Db) {}

  async resolve(host: string): Promise<Tenant | null> {
    const { hosts, fallback } = await this.directory();
    return hosts.get(host.toLowerCase()) ?? fallback;
  }

  forRequest(request: FastifyRequest): Promise<Tenant | null> {
    return this.resolve(request.hostname);
  }

  /**
   * The site's address for links mailed from a request (a shopper of a second shop resets the
   * password there): `publicUrl` with the request's host when another tenant than the default
   * names it, else `publicUrl` itself, the default tenant's public address. A host no tenant
   * names never goes into a mail.
   */
  async siteFor(request: FastifyRequest, publicUrl: string): Promise<string> {
    const { hosts, fallback } = await this.directory();
    const host = request.hostname.toLowerCase();
    const tenant = hosts.get(host);
    if (!tenant || tenant === fallback) return publicUrl;
    return onHost(publicUrl, host);
  }

  /**
   * Where orders were placed, for their messages, read now so that it can be used inside a
   * transaction: a tenant's id to that tenant and its site (its first host on PUBLIC_URL's scheme
   * and port), else the default tenant and PUBLIC_URL.
   */
  async sitesOfTenants(
    publicUrl: string,
  ): Promise<(tenantId: string | null) => { tenant: Tenant | null; site: string }> {
    const { ids, fallback } = await this.directory();
    return (tenantId) => {
      const tenant = (tenantId ? ids.get(tenantId) : undefined) ?? fallback;
      if (!tenant || tenant === fallback || !tenant.host) return { tenant, site: publicUrl };
      return { tenant, site: onHost(publicUrl, tenant.host) };
    };
  }

  private directory() {
    this.byHost ??= this.load().catch((error: unknown) => {
      this.byHost = undefined;
      throw error;
    });
    return this.byHost;
  }

  invalidate(): void {
    this.byHost = undefined;
  }

  private async load() {
    const rows = await this.db.select().from(tenants).orderBy(asc(tenants.createdAt));
    const hosts = new Map<string, Tenant>();
    const ids = new Map<string, Tenant>();
    let fallback: Tenant | null = null;
    for (const row of rows) {
      const { id, shopId, seo, whatsapp } = row;
      const version = createHash('sha1')
        .update(JSON.stringify([row.hosts, shopId, seo, whatsapp]))
        .digest('base64url')
        .slice(0, 12);
      const tenant = { id, version, shopId, seo, whatsapp, host: row.hosts[0] ?? null };
      ids.set(id, tenant);
      for (const host of row.hosts) hosts.set(host.toLowerCase(), tenant);
      // The tenant marked default, else the oldest.
      if (row.isDefault || !fallback) fallback = tenant;
    }
    return { hosts, ids, fallback };
  }
}
