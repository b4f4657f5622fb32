// The admin's reads of the outbox (decision 032): a page of rows narrowed by filters, and one row
// with its body. Admins see every message, so no ownership condition narrows these.
import { isResendable, type AdminMessage, type AdminMessagesQuery } from '@soko/contract';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { messages, orders } from '../../platform/schema';

/** `%` and `_` typed in a search are looked for as themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const listColumns = {
  id: messages.id,
  channel: messages.channel,
  kind: messages.kind,
  recipient: messages.recipient,
  subject: messages.subject,
  status: messages.status,
  attempts: messages.attempts,
  lastError: messages.lastError,
  providerId: messages.providerId,
  providerStatus: messages.providerStatus,
  deliveryStatus: messages.deliveryStatus,
  deliveryError: messages.deliveryError,
  sentAt: messages.sentAt,
  createdAt: messages.createdAt,
  orderId: messages.orderId,
  orderNumber: orders.orderNumber,
  resentFromId: messages.resentFromId,
};

type ListRow = {
  id: string;
  channel: AdminMessage['channel'];
  kind: AdminMessage['kind'];
  recipient: string;
  subject: string;
  status: AdminMessage['status'];
  attempts: number;
  lastError: string | null;
  providerId: string | null;
  providerStatus: string | null;
  deliveryStatus: string | null;
  deliveryError: string | null;
  sentAt: Date | null;
  createdAt: Date;
  orderId: string | null;
  orderNumber: string | null;
  resentFromId: string | null;
};

export function toAdminMessage({ id, sentAt, createdAt, ...row }: ListRow): AdminMessage {
  return {
    _id: id,
    ...row,
    sentAt: sentAt ? sentAt.toISOString() : null,
    createdAt: createdAt.toISOString(),
    resendable: isResendable(row),
  };
}

function filterOf(query: Omit<AdminMessagesQuery, 'page' | 'pageSize'>): SQL | undefined {
  const text = query.q ? `%${likeLiteral(query.q)}%` : undefined;
  return and(
    query.status ? eq(messages.status, query.status) : undefined,
    query.channel ? eq(messages.channel, query.channel) : undefined,
    query.kind ? eq(messages.kind, query.kind) : undefined,
    query.orderId ? eq(messages.orderId, query.orderId) : undefined,
    text ? or(ilike(messages.recipient, text), ilike(messages.subject, text)) : undefined,
  );
}

export async function listMessages(
  db: Db,
  query: AdminMessagesQuery,
): Promise<{ rows: AdminMessage[]; total: number }> {
  const where = filterOf(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(messages)
      .leftJoin(orders, eq(orders.id, messages.orderId))
      .where(where)
      // The id breaks ties between rows written in one transaction, so pages never overlap.
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(messages).where(where),
  ]);
  return { rows: rows.map(toAdminMessage), total: counted?.total ?? 0 };
}

export async function findMessage(db: Db | Tx, id: string) {
  const [row] = await db
    .select({
      ...listColumns,
      body: messages.body,
      senderName: messages.senderName,
      userId: messages.userId,
      headers: messages.headers,
    })
    .from(messages)
    .leftJoin(orders, eq(orders.id, messages.orderId))
    .where(eq(messages.id, id))
    .limit(1);
  return row ?? null;
}

/** The copies an admin made of a message, oldest first. */
export function resendsOf(db: Db | Tx, id: string) {
  return db
    .select({ id: messages.id, status: messages.status, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.resentFromId, id))
    .orderBy(messages.createdAt, messages.id);
}
