// Low-stock alerts (issue 32, decision 041), through HTTP on a real database with a real SMTP
// server on loopback: an order or an edit that takes an item's stock across its threshold mails
// the shop's owner once; nothing more while it stays low; a restock re-arms it.
import {
  productSchema,
  shopSchema,
  type AuthResponse,
  type CreateOrderBody,
  type OwnerProductInput,
  type Shop,
  type ShopInput,
} from '@soko/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { makeProduct, orderBody, type FixtureProduct } from '../../../test/order-fixtures';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../../test/smtp-inbox';
import { categories, messages, stockAlerts, users } from '../../platform/schema';

let t: TestApp;
let inbox: SmtpInbox;
let admin: AuthResponse;
let owner: AuthResponse;
let owner2: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let ownerEmail: string;
const { call } = httpClient(() => t);

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { SMTP_URL: inbox.url, MAIL_FROM: 'orders@soko.test', PUBLIC_URL: 'https://soko.test' },
  });
  // Pay on delivery: an order takes its stock when it is created, with no payment to wait for.
  ({ admin, owner, owner2, shopper, shopA } = await demoMarket(t, false));
  const [account] = await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, owner.user._id));
  if (!account) throw new Error('no owner account');
  ownerEmail = account.email;
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const order = (body: CreateOrderBody) => call('POST', '/api/order/create', shopper.token, body);

async function orderOf(product: FixtureProduct, quantity: number, variant?: number) {
  const placed = await order(
    orderBody([{ product, quantity, ...(variant === undefined ? {} : { variant }) }]),
  );
  expect(placed.statusCode, placed.body).toBe(201);
}

/** Waits until every alert has been followed (its mail written), then the outbox is idle. */
async function settled(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [waiting] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockAlerts)
      .where(isNull(stockAlerts.followedAt));
    const [unsent] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(sql`${messages.kind} = 'owner_low_stock' and ${messages.status} <> 'sent'`);
    if ((waiting?.n === 0 && unsent?.n === 0) || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The low-stock mails the owner has received about `item` (its subject's words). */
async function lowStockMails(item: string): Promise<ReceivedMail[]> {
  await settled();
  return inbox
    .mailsTo(ownerEmail)
    .filter((mail) => mail.header('subject') === `Low stock: ${item}`);
}

const alertsOf = (productId: string) =>
  t.database.db
    .select({
      variantId: stockAlerts.variantId,
      stock: stockAlerts.stock,
      threshold: stockAlerts.threshold,
    })
    .from(stockAlerts)
    .where(eq(stockAlerts.productId, productId))
    .orderBy(stockAlerts.at);

async function ownShop(token: string, shopId: string): Promise<Shop> {
  const res = await call('GET', '/api/property/shop/getall', token);
  const shop = (res.json() as unknown[]).map((row) => shopSchema.parse(row));
  const found = shop.find((row) => row._id === shopId);
  if (!found) throw new Error(`no shop ${shopId}: ${res.body}`);
  return found;
}

/** The shop form as the owner sends it: the shop as it is, with `changes`. */
function shopForm(shop: Shop, changes: Partial<ShopInput> = {}): ShopInput {
  return {
    name: shop.name,
    owner: shop.owner,
    owneremail: shop.owneremail,
    contact: shop.contact,
    location: shop.location,
    operationperiods: shop.operationperiods,
    companypolicy: shop.companypolicy,
    socialmedialinks: shop.socialmedialinks,
    payonorder: shop.payonorder,
    maxPerOrder: shop.maxPerOrder,
    imageUrls: shop.imageUrls,
    promotionalimages: shop.promotionalimages,
    ...changes,
  };
}

const setShopThreshold = async (threshold: unknown, token = owner.token) =>
  call('PUT', `/api/property/shop/update/${shopA}`, token, {
    ...shopForm(await ownShop(owner.token, shopA)),
    lowStockThreshold: threshold,
  });

async function categoryOf(shopId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.shopId, shopId), isNull(categories.deletedAt)))
    .limit(1);
  if (!row) throw new Error('no category');
  return row.id;
}

/** The owner's product form, sent whole (PUT), for a fixture product of shop A. */
const editProduct = async (
  product: FixtureProduct,
  changes: Partial<Omit<OwnerProductInput, 'lowStockThreshold'>> & { lowStockThreshold?: unknown },
  token = owner.token,
) =>
  call('PUT', `/api/property/products/${product.id}/${shopA}`, token, {
    name: product.name,
    price: product.priceCents / 100,
    stock: 0,
    categoryId: await categoryOf(shopA),
    ...changes,
  });

describe('low-stock alerts', () => {
  it('mails the owner once as an order takes a variant across the shop’s threshold, and again only after a restock', async () => {
    expect((await ownShop(owner.token, shopA)).lowStockThreshold).toBe(5);
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      shopId: shopA,
      name: 'Kikoi wrap',
      variants: [8, 20],
    });
    const item = 'Kikoi wrap (100ml)';

    await orderOf(product, 2, 0); // 8 -> 6: still above 5
    expect(await alertsOf(product.id)).toEqual([]);
    await orderOf(product, 1, 0); // 6 -> 5: at the threshold
    await orderOf(product, 1, 0); // 5 -> 4: still low, nothing more
    await orderOf(product, 3, 1); // the other size, 20 -> 17, and the product 25 -> 22: not low
    expect(await alertsOf(product.id)).toEqual([
      { variantId: product.variantIds[0], stock: 5, threshold: 5 },
    ]);
    const [mail, ...more] = await lowStockMails(item);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('Stock left: 5');
    expect(mail?.text).toContain('Low-stock threshold: 5');
    expect(mail?.text).toContain(`https://soko.test/add-products/${shopA}`);

    // The owner restocks the size to 10 (above 5): re-armed; the next crossing mails again.
    const restocked = await editProduct(product, {
      variants: [
        { _id: product.variantIds[0], size: '100ml', stock: 10 },
        { _id: product.variantIds[1], size: '200ml', stock: 17 },
      ],
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    await orderOf(product, 4, 0); // 10 -> 6
    expect(await lowStockMails(item)).toHaveLength(1);
    await orderOf(product, 3, 0); // 6 -> 3: crossed again
    const mails = await lowStockMails(item);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Stock left: 3');
    expect(
      await t.database.db
        .select({ recipient: messages.recipient })
        .from(messages)
        .where(
          and(eq(messages.kind, 'owner_low_stock'), eq(messages.subject, `Low stock: ${item}`)),
        ),
    ).toEqual([{ recipient: ownerEmail }, { recipient: ownerEmail }]);
  });

  it('re-arms when a cancelled order gives its stock back', async () => {
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      shopId: shopA,
      name: 'Sisal bag',
      stock: 7,
    });
    const placed = await order(orderBody([{ product, quantity: 3 }])); // 7 -> 4: low
    expect(placed.statusCode).toBe(201);
    const { _id } = placed.json() as { _id: string };
    expect(await lowStockMails('Sisal bag')).toHaveLength(1);
    const cancelled = await call('POST', `/api/order/${_id}/cancel`, admin.token, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200); // 4 -> 7: above again
    await orderOf(product, 2); // 7 -> 5: crossed again
    expect(await lowStockMails('Sisal bag')).toHaveLength(2);
  });

  it('uses the product’s own threshold over the shop’s, and an owner’s edit crossing it mails too', async () => {
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      shopId: shopA,
      name: 'Ankara tote',
      stock: 30,
    });
    const set = await editProduct(product, { stock: 30, lowStockThreshold: 12 });
    expect(set.statusCode, set.body).toBe(200);
    expect(productSchema.parse(set.json()).lowStockThreshold).toBe(12);

    await orderOf(product, 10); // 30 -> 20
    expect(await alertsOf(product.id)).toEqual([]);
    // The owner sells some at the market and types the stock left: 20 -> 11, below 12 (though
    // far above the shop's 5).
    const edited = await editProduct(product, { stock: 11, lowStockThreshold: 12 });
    expect(edited.statusCode, edited.body).toBe(200);
    const [mail, ...more] = await lowStockMails('Ankara tote');
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('Stock left: 11');
    expect(mail?.text).toContain('Low-stock threshold: 12');

    // Back to the shop's default (null), set by the owner to 3.
    expect((await setShopThreshold(3)).statusCode).toBe(200);
    expect((await ownShop(owner.token, shopA)).lowStockThreshold).toBe(3);
    const back = await editProduct(product, { stock: 11, lowStockThreshold: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(productSchema.parse(back.json()).lowStockThreshold).toBeNull();
    await orderOf(product, 7); // 11 -> 4: above the shop's 3
    expect(await lowStockMails('Ankara tote')).toHaveLength(1);
    await orderOf(product, 1); // 4 -> 3
    const mails = await lowStockMails('Ankara tote');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Low-stock threshold: 3');
    expect((await setShopThreshold(5)).statusCode).toBe(200);
  });

  it('refuses a threshold that is not a whole number of 0 or more, naming the field', async () => {
    for (const bad of [-1, 2.5, '5', 100_001]) {
      const shop = await setShopThreshold(bad);
      expect(shop.statusCode, String(bad)).toBe(400);
      expect(Object.keys(shop.json().error.fields)).toEqual(['lowStockThreshold']);
    }
    const product = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopA });
    const res = await editProduct(product, { stock: 3, lowStockThreshold: -2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ lowStockThreshold: 'Cannot be negative.' });
    expect((await ownShop(owner.token, shopA)).lowStockThreshold).toBe(5);
  });

  it('lets no other owner set a shop’s threshold or a product’s', async () => {
    expect((await setShopThreshold(50, owner2.token)).statusCode).toBe(403);
    const product = await makeProduct(t.database.db, { payOnOrder: false, shopId: shopA });
    expect((await editProduct(product, { lowStockThreshold: 50 }, owner2.token)).statusCode).toBe(
      403,
    );
    expect((await ownShop(owner.token, shopA)).lowStockThreshold).toBe(5);
  });
});

describe.runIf(testDbKind() === 'postgres')('low-stock alerts under a race (PostgreSQL)', () => {
  it('mails once when 20 orders race across the threshold', async () => {
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      shopId: shopA,
      name: 'Maasai shuka',
      variants: [15],
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => order(orderBody([{ product, quantity: 1, variant: 0 }]))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(15);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    expect(await alertsOf(product.id)).toEqual([
      { variantId: product.variantIds[0], stock: 5, threshold: 5 },
    ]);
    expect(await lowStockMails('Maasai shuka (100ml)')).toHaveLength(1);
  });
});
