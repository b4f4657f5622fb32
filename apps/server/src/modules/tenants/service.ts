// Admins edit tenants: the hosts each answers, the shop it shows first, its SEO and chat data.
// A host belongs to one tenant at most. The table is tiny and rarely written, so a write takes
// the whole table (readers are never blocked) and checks the hosts under that lock: two saves
// claiming one host take turns and the second is refused.
import {
  isUuid,
  whatsappDigits,
  type AdminTenant,
  type DeletedResponse,
  type ParsedTenantInput,
} from '@soko/contract';
import { and, arrayOverlaps, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { shops, tenants } from '../../platform/schema';

const tenantNotFound = () => notFound('Tenant not found.');

export async function listTenants(db: Db): Promise<AdminTenant[]> {
  const rows = await db
    .select({ tenant: tenants, shopName: shops.name })
    .from(tenants)
    .innerJoin(shops, eq(shops.id, tenants.shopId))
    .orderBy(asc(tenants.createdAt), asc(tenants.id));
  return rows.map(({ tenant, shopName }) => ({
    _id: tenant.id,
    hosts: tenant.hosts,
    isDefault: tenant.isDefault,
    shopId: tenant.shopId,
    shopName,
    seo: tenant.seo,
    whatsapp: tenant.whatsapp,
  }));
}

function columnsOf(input: ParsedTenantInput) {
  const seo = input.seo;
  // All blank is the same as none: the spec's defaults show either way.
  const seoGiven = seo && Object.values(seo).some((value) => value !== '');
  return {
    hosts: input.hosts,
    shopId: input.shopId,
    seo: seoGiven ? seo : null,
    whatsapp: input.whatsapp && {
      ...input.whatsapp,
      phoneNumber: whatsappDigits(input.whatsapp.phoneNumber),
    },
  };
}

async function checkShopAndHosts(tx: Tx, input: ParsedTenantInput, exceptId?: string) {
  await tx.execute(sql`lock table ${tenants} in exclusive mode`);
  if (exceptId) {
    const [own] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, exceptId));
    if (!own) throw tenantNotFound();
  }
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, input.shopId));
  if (!shop) throw badRequest('Choose a shop.', { shopId: 'Choose a shop.' });
  const taken = await tx
    .select({ hosts: tenants.hosts })
    .from(tenants)
    .where(
      and(
        arrayOverlaps(tenants.hosts, input.hosts),
        exceptId ? ne(tenants.id, exceptId) : undefined,
      ),
    );
  const clash = input.hosts.find((host) => taken.some((row) => row.hosts.includes(host)));
  if (clash) {
    const message = `${clash} is already used by another tenant.`;
    throw new AppError(409, 'host_taken', message, { fields: { hosts: message } });
  }
}

async function tenantById(db: Db, tenantId: string): Promise<AdminTenant> {
  const found = (await listTenants(db)).find((tenant) => tenant._id === tenantId);
  if (!found) throw tenantNotFound();
  return found;
}

export async function createTenant(db: Db, input: ParsedTenantInput): Promise<AdminTenant> {
  const id = await db.transaction(async (tx) => {
    await checkShopAndHosts(tx, input);
    const [row] = await tx.insert(tenants).values(columnsOf(input)).returning({ id: tenants.id });
    if (!row) throw new Error('tenant insert returned nothing');
    return row.id;
  });
  return tenantById(db, id);
}

export async function updateTenant(
  db: Db,
  tenantId: string,
  input: ParsedTenantInput,
): Promise<AdminTenant> {
  if (!isUuid(tenantId)) throw tenantNotFound();
  await db.transaction(async (tx) => {
    await checkShopAndHosts(tx, input, tenantId);
    const [row] = await tx
      .update(tenants)
      .set(columnsOf(input))
      .where(eq(tenants.id, tenantId))
      .returning({ id: tenants.id });
    if (!row) throw tenantNotFound();
  });
  return tenantById(db, tenantId);
}

/** The default tenant stays: it answers every host no other tenant names. */
export async function deleteTenant(db: Db, tenantId: string): Promise<DeletedResponse> {
  if (!isUuid(tenantId)) throw tenantNotFound();
  const [row] = await db
    .select({ isDefault: tenants.isDefault })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row) throw tenantNotFound();
  if (row.isDefault) {
    throw new AppError(409, 'default_tenant', 'The default tenant cannot be deleted.');
  }
  await db.delete(tenants).where(and(eq(tenants.id, tenantId), eq(tenants.isDefault, false)));
  return { _id: tenantId, deleted: true };
}
