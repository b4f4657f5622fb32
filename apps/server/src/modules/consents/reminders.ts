// Opting out of the reminders about unpaid orders (decision 043), and back in. An opt-out is a
// row per address (an email, or a phone for SMS) with the account when one asked, when and how
// (a reminder's link, a mail program's one-click, the account page); opting back in marks the
// live rows withdrawn, never deletes them. The recovery follower skips an order whose email,
// phone or account has a live opt-out.
import type {
  ReminderOptOutResponse,
  ReminderOptOutWay,
  ReminderPreferences,
  UpdateReminderPreferences,
} from '@soko/contract';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { orders, reminderOptOuts, users } from '../../platform/schema';

/** Whose reminders: the addresses an order or an account is reached at. */
type Addresses = { userId: string | null; email: string | null; phone: string | null };

/** The live opt-outs covering these addresses. */
const coveringLive = ({ userId, email, phone }: Addresses): SQL | undefined =>
  and(
    isNull(reminderOptOuts.withdrawnAt),
    sql`(${sql.join(
      [
        email
          ? sql`(${reminderOptOuts.channel} = 'email' and lower(${reminderOptOuts.email}) = lower(${email}))`
          : null,
        phone
          ? sql`(${reminderOptOuts.channel} = 'sms' and ${reminderOptOuts.phone} = ${phone})`
          : null,
        userId ? sql`${reminderOptOuts.userId} = ${userId}` : null,
        sql`false`,
      ].filter((part): part is SQL => part !== null),
      sql` or `,
    )})`,
  );

/** Records an opt-out for each address (one already live stays as first recorded). */
async function optOut(tx: Db | Tx, who: Addresses, via: ReminderOptOutWay): Promise<void> {
  const rows = [
    ...(who.email ? [{ channel: 'email' as const, email: who.email.trim(), phone: null }] : []),
    ...(who.phone ? [{ channel: 'sms' as const, email: null, phone: who.phone }] : []),
  ];
  if (rows.length === 0) return;
  await tx
    .insert(reminderOptOuts)
    .values(rows.map((row) => ({ ...row, userId: who.userId, via })))
    // Only the live-opt-out unique indexes can conflict: that address has opted out already.
    .onConflictDoNothing();
}

async function optIn(tx: Db | Tx, who: Addresses, via: ReminderOptOutWay): Promise<void> {
  await tx
    .update(reminderOptOuts)
    .set({ withdrawnAt: sql`clock_timestamp()`, withdrawnVia: via })
    .where(coveringLive(who));
}

async function isOptedOut(tx: Db | Tx, who: Addresses): Promise<boolean> {
  const [live] = await tx
    .select({ id: reminderOptOuts.id })
    .from(reminderOptOuts)
    .where(coveringLive(who))
    .limit(1);
  return live !== undefined;
}

/** The order's addresses, which its reminder went to. */
async function addressesOfOrder(db: Db | Tx, orderId: string): Promise<Addresses | null> {
  const [row] = await db
    .select({ userId: orders.userId, email: orders.email, phone: orders.phoneNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/** The account's email, and its phone once verified (the numbers SMS go to). */
async function addressesOfAccount(db: Db | Tx, userId: string): Promise<Addresses> {
  const [row] = await db
    .select({ email: users.email, phone: users.phone, verified: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError(404, 'not_found', 'Not found.');
  return { userId, email: row.email, phone: row.verified ? row.phone : null };
}

export async function reminderPreferences(
  db: Db | Tx,
  userId: string,
): Promise<ReminderPreferences> {
  return { unpaidOrders: !(await isOptedOut(db, await addressesOfAccount(db, userId))) };
}

/** Records the opt-out of the order's email and phone, with its account. Null: no such order. */
export async function optOutByOrder(
  db: Db,
  orderId: string,
  via: ReminderOptOutWay,
): Promise<ReminderOptOutResponse | null> {
  const who = await addressesOfOrder(db, orderId);
  if (!who) return null;
  await optOut(db, who, via);
  return { optedOut: true };
}

/** Undoes the opt-out of the order's email and phone (the link's Undo). Null: no such order. */
export async function optInByOrder(
  db: Db,
  orderId: string,
): Promise<ReminderOptOutResponse | null> {
  const who = await addressesOfOrder(db, orderId);
  if (!who) return null;
  const addresses = { ...who, userId: null };
  await optIn(db, addresses, 'link');
  return { optedOut: await isOptedOut(db, addresses) };
}

/** The account's switch: off records the opt-out of its email and verified phone, on withdraws. */
export async function updateReminderPreferences(
  db: Db,
  userId: string,
  wanted: UpdateReminderPreferences,
): Promise<ReminderPreferences> {
  return db.transaction(async (tx) => {
    const who = await addressesOfAccount(tx, userId);
    if (wanted.unpaidOrders) await optIn(tx, who, 'account');
    else await optOut(tx, who, 'account');
    return reminderPreferences(tx, userId);
  });
}
