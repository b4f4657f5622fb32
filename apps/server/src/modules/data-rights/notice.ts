// Each tenant's privacy notice (decision 048): the admins' text, else a built-in one naming the
// tenant's shop as responsible for the data (the data controller).
import { PRIVACY_NOTICE_MAX, type PrivacyNotice } from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { privacyNotices, shops } from '../../platform/schema';
import type { Tenant } from '../../platform/tenant';

type ShopContact = { name: string; contactEmail: string; contactPhone: string; address: string };

/** The built-in notice: who is responsible, what is held and why, and how to see or delete it. */
export function defaultNotice(shop: ShopContact): string {
  const contact = [shop.contactEmail.trim(), shop.contactPhone.trim()].filter(Boolean).join(' or ');
  return [
    `${shop.name} is responsible for the personal data this shop holds about you (the data controller under Kenya's Data Protection Act, 2019).`,
    'What we hold, and why: your name, email and password (kept only as a hash) to run your account; the names, phone number and delivery address on your orders to deliver them and to send you messages about them; your payments (the M-Pesa or card provider tells us whether you paid, never your PIN or card number); receipts, which keep your name and KRA PIN as a tax record; your reviews and ratings; and, only if you agreed, your email or number for our newsletter and offers, with the text you agreed to, when and where.',
    'We share your order with the shop that sends it and with the delivery service that carries it, and your payment with the payment provider. We do not sell your data.',
    'Your rights: on your account page you can download everything we hold about you as a file, correct your name and address, unsubscribe from the newsletter and offers (or use the link in any newsletter), and delete your account. Deleting it removes your email and phone number from everything we keep; orders stay for the shop’s accounts without them, and receipts keep your name and KRA PIN as tax law asks.',
    contact
      ? `To ask anything about your data, or to complain, contact ${shop.name} at ${contact}${shop.address.trim() ? `, ${shop.address.trim()}` : ''}. You may also complain to the Office of the Data Protection Commissioner (odpc.go.ke).`
      : `To ask anything about your data, or to complain, contact ${shop.name}. You may also complain to the Office of the Data Protection Commissioner (odpc.go.ke).`,
  ].join('\n\n');
}

async function shopOf(db: Db, tenant: Tenant | null): Promise<ShopContact> {
  const [shop] = tenant
    ? await db
        .select({
          name: shops.name,
          contactEmail: shops.contactEmail,
          contactPhone: shops.contactPhone,
          address: shops.address,
        })
        .from(shops)
        .where(eq(shops.id, tenant.shopId))
        .limit(1)
    : [];
  return shop ?? { name: 'Soko', contactEmail: '', contactPhone: '', address: '' };
}

export async function readPrivacyNotice(db: Db, tenant: Tenant | null): Promise<PrivacyNotice> {
  const [shop, [row]] = await Promise.all([
    shopOf(db, tenant),
    tenant
      ? db.select().from(privacyNotices).where(eq(privacyNotices.tenantId, tenant.id)).limit(1)
      : Promise.resolve([]),
  ]);
  return row
    ? {
        shopName: shop.name,
        text: row.text,
        isDefault: false,
        updatedAt: row.updatedAt.toISOString(),
      }
    : {
        shopName: shop.name,
        text: defaultNotice(shop).slice(0, PRIVACY_NOTICE_MAX),
        isDefault: true,
        updatedAt: null,
      };
}

export async function updatePrivacyNotice(
  db: Db,
  tenant: Tenant | null,
  text: string,
  userId: string,
): Promise<PrivacyNotice> {
  if (!tenant) {
    throw new AppError(
      409,
      'no_tenant',
      'No shop is set up for this address yet: add a tenant first.',
    );
  }
  await db
    .insert(privacyNotices)
    .values({ tenantId: tenant.id, text, updatedBy: userId })
    .onConflictDoUpdate({
      target: privacyNotices.tenantId,
      set: { text, updatedBy: userId, updatedAt: sql`now()` },
    });
  return readPrivacyNotice(db, tenant);
}
