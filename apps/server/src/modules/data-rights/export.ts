// Everything held about the signed-in person, as one JSON file (decision 048; Kenya's Data
// Protection Act, 2019, right of access). Bounded: at most EXPORT_MAX_ORDERS orders and
// EXPORT_MAX_MESSAGES messages, newest first, the file saying when it holds fewer than there are.
// Only the caller's own rows: every query names their account (or their account's own email for
// the newsletter), never an id from the request.
import {
  CONSENT_TEXTS,
  EXPORT_MAX_MESSAGES,
  EXPORT_MAX_ORDERS,
  receiptNumberText,
} from '@soko/contract';
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  consents,
  messages,
  newsletterSubscriptions,
  phoneCodes,
  products,
  ratings,
  receipts,
  reminderOptOuts,
  reviews,
  users,
} from '../../platform/schema';
import { buyerOrdersForExport } from '../orders';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const consentTextOf = (version: string) => CONSENT_TEXTS.find((text) => text.version === version);

export async function exportPersonalData(db: Db | Tx, userId: string, shopName: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(401, 'unauthorized', 'Please sign in.');
  const email = user.email.trim().toLowerCase();

  const [orderPage, reviewRows, ratingRows, consentRows, optOutRows, newsletter, openCode] =
    await Promise.all([
      buyerOrdersForExport(db, userId, EXPORT_MAX_ORDERS),
      db
        .select({ review: reviews, productName: products.name })
        .from(reviews)
        .leftJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.userId, userId))
        .orderBy(desc(reviews.createdAt)),
      db
        .select({ rating: ratings, productName: products.name })
        .from(ratings)
        .leftJoin(products, eq(products.id, ratings.productId))
        .where(eq(ratings.userId, userId))
        .orderBy(desc(ratings.createdAt)),
      db
        .select()
        .from(consents)
        .where(
          or(
            eq(consents.userId, userId),
            and(eq(consents.channel, 'email'), sql`lower(${consents.email}) = ${email}`),
          ),
        )
        .orderBy(consents.givenAt),
      db
        .select()
        .from(reminderOptOuts)
        .where(
          or(
            eq(reminderOptOuts.userId, userId),
            and(
              eq(reminderOptOuts.channel, 'email'),
              sql`lower(${reminderOptOuts.email}) = ${email}`,
            ),
          ),
        )
        .orderBy(reminderOptOuts.optedOutAt),
      db
        .select({ createdAt: newsletterSubscriptions.createdAt })
        .from(newsletterSubscriptions)
        .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`)
        .limit(1),
      db
        .select({ phone: phoneCodes.phone, expiresAt: phoneCodes.expiresAt })
        .from(phoneCodes)
        .where(eq(phoneCodes.userId, userId))
        .limit(1),
    ]);
  const orderIds = orderPage.orders.map((order) => order._id);

  // Messages sent to them: about their account or their orders (not other people's about those
  // orders: the shop owner's mail about a part is the owner's).
  const messageWhere = or(
    eq(messages.userId, userId),
    orderIds.length > 0
      ? and(inArray(messages.orderId, orderIds), sql`${messages.kind} not like 'owner\_%'`)
      : undefined,
  );
  const [messageRows, [messageCount], receiptRows] = await Promise.all([
    db
      .select({
        channel: messages.channel,
        kind: messages.kind,
        recipient: messages.recipient,
        subject: messages.subject,
        status: messages.status,
        orderId: messages.orderId,
        createdAt: messages.createdAt,
        sentAt: messages.sentAt,
        deliveryStatus: messages.deliveryStatus,
      })
      .from(messages)
      .where(messageWhere)
      .orderBy(desc(messages.createdAt))
      .limit(EXPORT_MAX_MESSAGES),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(messages)
      .where(messageWhere),
    orderIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(receipts)
          .where(and(inArray(receipts.orderId, orderIds), isNotNull(receipts.body)))
          .orderBy(receipts.issuedAt, receipts.id),
  ]);

  return {
    about: `Everything ${shopName} holds about you, as of the time below (Kenya Data Protection Act, 2019).`,
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    addresses: user.address ? [{ use: 'account address', ...user.address }] : [],
    phone: {
      number: user.phone,
      verified: user.phone !== null && user.phoneVerifiedAt !== null,
      verifiedAt: iso(user.phoneVerifiedAt),
      codeWaiting: openCode[0]
        ? { number: openCode[0].phone, expiresAt: iso(openCode[0].expiresAt) }
        : null,
    },
    orders: orderPage.orders,
    ordersTotal: orderPage.total,
    ordersNote:
      orderPage.total > orderPage.orders.length
        ? `The newest ${orderPage.orders.length} of your ${orderPage.total} orders.`
        : null,
    receipts: receiptRows.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      kind: row.kind,
      number: receiptNumberText(row.kind, row.number),
      issuedAt: iso(row.issuedAt),
      ...row.body,
    })),
    reviews: reviewRows.map(({ review, productName }) => ({
      productId: review.productId,
      productName,
      rating: review.rating,
      body: review.body,
      hidden: review.hiddenAt !== null,
      createdAt: iso(review.createdAt),
      updatedAt: iso(review.updatedAt),
    })),
    ratings: ratingRows.map(({ rating, productName }) => ({
      productId: rating.productId,
      productName,
      rating: rating.rating,
      createdAt: iso(rating.createdAt),
    })),
    consents: consentRows.map((row) => ({
      purpose: row.purpose,
      channel: row.channel,
      address: row.email ?? row.phone,
      textVersion: row.textVersion,
      text: consentTextOf(row.textVersion)?.text ?? null,
      language: consentTextOf(row.textVersion)?.locale ?? null,
      where: row.source,
      givenAt: iso(row.givenAt),
      withdrawnAt: iso(row.withdrawnAt),
      withdrawnVia: row.withdrawnVia,
    })),
    reminderOptOuts: optOutRows.map((row) => ({
      channel: row.channel,
      address: row.email ?? row.phone,
      via: row.via,
      optedOutAt: iso(row.optedOutAt),
      withdrawnAt: iso(row.withdrawnAt),
    })),
    newsletter: newsletter[0]
      ? { onList: true, since: iso(newsletter[0].createdAt) }
      : { onList: false, since: null },
    messages: messageRows.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      sentAt: iso(row.sentAt),
    })),
    messagesTotal: messageCount?.total ?? 0,
  };
}
