// What the accounts module asks of orders: a leaving shopper's personal fields cleared.
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { orders } from '../../platform/schema';

/**
 * A shopper leaving: their orders stay for the shops that must fulfil and account for them, with
 * the personal fields cleared (Kenya's Data Protection Act, 2019). Orders placed signed out with
 * the same email or phone are cleared too (decision 048: the person's addresses appear nowhere
 * once they left); `phonePattern` is a PostgreSQL regular expression matching the phone in any
 * of its written forms. Answers the ids of the orders cleared.
 */
export async function forgetBuyer(
  tx: Tx,
  userId: string,
  addresses: { email?: string; phonePattern?: string | null } = {},
): Promise<string[]> {
  const matches: SQL[] = [sql`${orders.userId} = ${userId}`];
  if (addresses.email) matches.push(sql`lower(${orders.email}) = lower(${addresses.email})`);
  if (addresses.phonePattern) matches.push(sql`${orders.phoneNumber} ~ ${addresses.phonePattern}`);
  const cleared = await tx
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
      buyerKraPin: null,
      updatedAt: sql`now()`,
    })
    .where(sql`(${sql.join(matches, sql` or `)})`)
    .returning({ id: orders.id });
  return cleared.map((row) => row.id);
}
