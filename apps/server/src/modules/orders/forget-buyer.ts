// What the accounts module asks of orders: a leaving shopper's personal fields cleared.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { orders } from '../../platform/schema';

/**
 * A shopper leaving: their orders stay for the shops that must fulfil and account for them, with
 * the personal fields cleared (Kenya's Data Protection Act, 2019).
 */
export async function forgetBuyer(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(orders)
    .set({
      userId: null,
      clientKey: null,
      networkKey: null,
      email: null,
      firstName: null,
      middleName: null,
      lastName: null,
      address: null,
      postalCode: null,
      phoneNumber: null,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.userId, userId));
}
