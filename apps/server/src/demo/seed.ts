// Puts the demo shop into an empty database: the accounts, shops, tenants, catalogue, codes,
// past orders, ratings and posts of content/catalog.ts, with images made locally at seed time.
import { count, sql } from 'drizzle-orm';
import {
  discountedPriceCents,
  grandTotalCents,
  shippingCents,
  toCents,
  variantLabel,
} from '@soko/contract';
import type { Config } from '../platform/config';
import type { Db, Tx } from '../platform/db';
import {
  blogPosts,
  categories,
  discountCodes,
  media,
  newsletterSubscriptions,
  orderLines,
  orderParts,
  orders,
  productVariants,
  products,
  ratings,
  shops,
  tenants,
  users,
} from '../platform/schema';
import { hashPassword } from '../platform/passwords';
import { orderNumberSql } from '../modules/orders';
import {
  DEMO_BLOG_POSTS,
  DEMO_CATEGORIES,
  DEMO_DISCOUNT_CODES,
  DEMO_NEWSLETTER,
  DEMO_PASSWORD,
  DEMO_PAST_ORDERS,
  DEMO_PRODUCTS,
  DEMO_RATINGS,
  DEMO_SHOPS,
  DEMO_TENANTS,
  DEMO_USERS,
  demoProductStock,
  type DemoPicture,
} from './content/catalog';
import { availableParallelism } from 'node:os';
import { createMediaStorage, storeImage, type MediaDeps } from '../modules/media';
import {
  describeDemoImages,
  renderDemoPicture,
  type DemoPictureRequest,
  type GeneratedImage,
} from './content/images';

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEMO_ACCOUNTS_TEXT = `Demo accounts (password: ${DEMO_PASSWORD}):
  ${DEMO_USERS.filter((u) => ['admin', 'owner', 'owner2', 'shopper'].includes(u.key))
    .map((u) => `${u.email.padEnd(22)} ${u.role}`)
    .join('\n  ')}
`;

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo data refers to a missing ${what}`);
  return value;
}

/** Everything that shows square pictures, in the order the seed hands them out. */
const PICTURE_USERS: ReadonlyArray<{ picture: DemoPicture; count: number }> = [
  ...DEMO_SHOPS.map((s) => ({ picture: s.picture, count: s.imageUrlCount })),
  ...DEMO_CATEGORIES.map((c) => ({ picture: c.picture, count: c.imageCount })),
  ...DEMO_PRODUCTS.map((p) => ({ picture: p.picture, count: p.imageCount })),
  ...DEMO_BLOG_POSTS.map((b) => ({ picture: b.picture, count: b.imageCount })),
];

/**
 * The pictures the demo seed renders: per kind, as many as the largest gallery of that kind
 * (so no gallery shows a picture twice), shared by every product of the kind, plus the banners
 * of the largest promotional strip. Kinds nothing shows are not rendered.
 */
export function demoPicturePlan(): DemoPictureRequest[] {
  const poolSize = new Map<DemoPicture, number>();
  for (const { picture, count } of PICTURE_USERS) {
    poolSize.set(picture, Math.max(poolSize.get(picture) ?? 0, count));
  }
  const banners = Math.max(0, ...DEMO_SHOPS.map((s) => s.promotionalImageCount));
  return [
    ...[...poolSize].flatMap(([kind, size]) =>
      Array.from({ length: size }, (_, index) => ({ kind, index })),
    ),
    ...Array.from({ length: banners }, (_, index) => ({ kind: 'banner' as const, index })),
  ];
}

/**
 * Hands out square pictures of the kind asked for. Each kind's pool is walked from one picture
 * further on for every new gallery, so neighbouring products of a kind open on different
 * pictures while a gallery no larger than its pool never repeats one. Images from the old
 * count-based mix carry only five kinds: a kind with no picture then falls back to the whole
 * set, round-robin, as before.
 */
export function demoImagePicker(images: readonly GeneratedImage[]) {
  const squares = images.filter((image) => image.kind === 'square');
  const pools = new Map<string, GeneratedImage[]>();
  for (const image of squares) {
    pools.set(image.picture, [...(pools.get(image.picture) ?? []), image]);
  }
  const start = new Map<string, number>();
  let fallback = 0;
  return (picture: DemoPicture, n: number): string[] => {
    const pool = pools.get(picture);
    const picked: string[] = [];
    if (pool) {
      const from = start.get(picture) ?? 0;
      if (n > 0) start.set(picture, from + 1);
      for (let i = 0; i < n; i++) picked.push(must(pool[(from + i) % pool.length], 'image').url);
    } else {
      for (let i = 0; i < n && squares.length > 0; i++) {
        picked.push(must(squares[fallback++ % squares.length], 'image').url);
      }
    }
    return picked;
  };
}

/** Banners round-robin (product pictures if there are none). */
function bannerPicker(images: readonly GeneratedImage[]) {
  const banners = images.filter((image) => image.kind === 'banner');
  const pool = banners.length > 0 ? banners : images;
  let next = 0;
  return (n: number) =>
    Array.from(
      { length: pool.length > 0 ? n : 0 },
      () => must(pool[next++ % pool.length], 'image').url,
    );
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

export async function seedDemoIfEmpty(
  db: Db,
  config: Pick<Config, 'mediaDir' | 's3' | 'passwordHashCost'>,
) {
  if (!(await isEmpty(db))) return false;
  const images = await storeDemoPictures(
    { db, storage: createMediaStorage(config) },
    demoPicturePlan(),
  );
  await db.transaction((tx) => seedDemo(tx, images, config.passwordHashCost));
  return true;
}

/**
 * Draws the demo's pictures and puts each through the pipeline an owner's upload takes (checked,
 * re-encoded to WebP at every width, stored by the configured storage, recorded), so the demo
 * shop is what an owner would have made, on disk or on S3 alike.
 */
export async function storeDemoPictures(
  deps: MediaDeps,
  plan: readonly DemoPictureRequest[],
): Promise<GeneratedImage[]> {
  const images = describeDemoImages({ pictures: plan });
  let next = 0;
  const worker = async () => {
    while (next < images.length) {
      const at = next++;
      const image = must(images[at], 'image');
      const source = await renderDemoPicture({
        kind: image.picture,
        index: must(plan[at], 'plan').index,
        width: image.width,
        height: image.height,
      });
      image.url = (await storeImage(deps, source, undefined, image.key)).url;
    }
  };
  // Drawing is single-threaded per picture: one at a time per core keeps them all busy.
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), 4) }, worker));
  return images;
}

export async function seedDemo(tx: Tx, images: GeneratedImage[], hashCost: number): Promise<void> {
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);
  const pickPicture = demoImagePicker(images);
  const pickBanner = bannerPicker(images);

  if (images.length > 0) {
    await tx
      .insert(media)
      .values(images.map((i) => ({ key: i.key, width: i.width, height: i.height, bytes: 0 })))
      .onConflictDoNothing();
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD, hashCost);
  const userRows = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((u) => ({
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role,
        address: u.address,
        passwordHash,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userId = new Map(
    DEMO_USERS.map((u) => [
      u.key,
      must(
        userRows.find((r) => r.email === u.email),
        'user',
      ).id,
    ]),
  );

  const shopId = new Map<string, string>();
  for (const [index, shop] of DEMO_SHOPS.entries()) {
    const [row] = await tx
      .insert(shops)
      .values({
        ownerId: must(userId.get(shop.ownerUserKey), `user ${shop.ownerUserKey}`),
        name: shop.name,
        owner: shop.owner,
        ownerEmail: shop.owneremail,
        contactEmail: shop.contact.email,
        contactPhone: shop.contact.phoneno,
        address: shop.location.address,
        mapUrls: shop.location.mapurl,
        operationPeriods: shop.operationperiods,
        companyPolicy: shop.companypolicy,
        socialLinks: shop.socialmedialinks,
        payOnOrder: shop.payonorder,
        imageUrls: pickPicture(shop.picture, shop.imageUrlCount),
        promotionalImages: pickBanner(shop.promotionalImageCount),
        // The square picture the tenant's WhatsApp avatar uses stands in for a logo.
        logoUrl: pickPicture(shop.picture, 1)[0] ?? null,
        description: shop.description,
        county: shop.county,
        whatsapp: shop.whatsapp,
        createdAt: daysAgo(400 - index),
      })
      .returning({ id: shops.id });
    shopId.set(shop.key, must(row, 'shop').id);
  }

  for (const [index, tenant] of DEMO_TENANTS.entries()) {
    const shop = must(
      DEMO_SHOPS.find((s) => s.key === tenant.shopKey),
      `shop ${tenant.shopKey}`,
    );
    await tx.insert(tenants).values({
      hosts: tenant.hosts,
      isDefault: tenant.isDefault,
      shopId: must(shopId.get(tenant.shopKey), `shop ${tenant.shopKey}`),
      seo: tenant.seo,
      whatsapp: tenant.whatsapp && {
        ...tenant.whatsapp,
        avatar: tenant.whatsapp.avatar ?? pickPicture(shop.picture, 1)[0] ?? '',
      },
      createdAt: daysAgo(400 - index),
    });
  }

  const categoryRows = await tx
    .insert(categories)
    .values(
      DEMO_CATEGORIES.map((c, position) => ({
        shopId: must(shopId.get(c.shopKey), `shop ${c.shopKey}`),
        name: c.name,
        imageUrls: pickPicture(c.picture, c.imageCount),
        position,
      })),
    )
    .returning({ id: categories.id, name: categories.name, shopId: categories.shopId });
  const categoryById = new Map(
    DEMO_CATEGORIES.map((c) => {
      const row = must(
        categoryRows.find((r) => r.name === c.name && r.shopId === shopId.get(c.shopKey)),
        `category ${c.key}`,
      );
      return [c.key, row];
    }),
  );

  const productRows = await tx
    .insert(products)
    .values(
      DEMO_PRODUCTS.map((p) => {
        const category = must(categoryById.get(p.categoryKey), `category ${p.categoryKey}`);
        return {
          shopId: category.shopId,
          categoryId: category.id,
          name: p.name,
          description: p.description,
          nameSw: p.nameSw ?? null,
          descriptionSw: p.descriptionSw ?? null,
          priceCents: toCents(p.priceKsh),
          discounts: p.discounts === null ? null : String(p.discounts),
          discount: p.discount,
          count: p.count,
          stock: demoProductStock(p),
          type: p.Type,
          pricingType: p.pricingType,
          imageUrls: pickPicture(p.picture, p.imageCount),
          createdAt: daysAgo(p.ageDays),
          updatedAt: daysAgo(p.ageDays),
        };
      }),
    )
    .returning({ id: products.id });
  const productId = new Map(
    DEMO_PRODUCTS.map((p, i) => [p.key, must(productRows[i], 'product').id]),
  );

  const variantValues = DEMO_PRODUCTS.flatMap((p) =>
    p.variants.map((v, position) => ({
      productId: must(productId.get(p.key), 'product'),
      name: v.name,
      size: v.size,
      stock: v.stock,
      position,
    })),
  );
  const variantRows =
    variantValues.length > 0
      ? await tx.insert(productVariants).values(variantValues).returning({
          id: productVariants.id,
          productId: productVariants.productId,
          position: productVariants.position,
        })
      : [];
  const variantId = (productKey: string, index: number) =>
    must(
      variantRows.find((v) => v.productId === productId.get(productKey) && v.position === index),
      `variant ${index} of ${productKey}`,
    ).id;

  await tx.insert(discountCodes).values(
    DEMO_DISCOUNT_CODES.map((d) => ({
      code: d.code,
      kind: d.kind,
      value: d.kind === 'percent' ? d.value : toCents(d.valueKsh),
      expiresAt: d.expiresInDays === null ? null : new Date(now + d.expiresInDays * DAY_MS),
      usageLimit: d.usageLimit,
      usedCount: d.usedCount,
    })),
  );

  const productByKey = new Map(DEMO_PRODUCTS.map((p) => [p.key, p]));
  for (const order of DEMO_PAST_ORDERS) {
    const user = must(
      DEMO_USERS.find((u) => u.key === order.userKey),
      `user ${order.userKey}`,
    );
    const lines = order.lines.map((line) => {
      const product = must(productByKey.get(line.productKey), `product ${line.productKey}`);
      const variant = line.variantIndex === null ? null : product.variants[line.variantIndex];
      return {
        productId: must(productId.get(product.key), 'product'),
        variantId: line.variantIndex === null ? null : variantId(product.key, line.variantIndex),
        shopId: must(categoryById.get(product.categoryKey), 'category').shopId,
        name: product.name,
        variantLabel: variant ? variantLabel(variant) || null : null,
        unitPriceCents: discountedPriceCents(toCents(product.priceKsh), product.discounts),
        quantity: line.quantity,
      };
    });
    const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    const shipping = shippingCents(order.shipping);
    const placedAt = daysAgo(order.daysAgo);
    const [row] = await tx
      .insert(orders)
      .values({
        orderNumber: orderNumberSql(placedAt),
        userId: must(userId.get(user.key), 'user'),
        status: order.status,
        payOnOrder: false,
        email: user.email,
        firstName: order.delivery.firstName,
        middleName: order.delivery.middleName,
        lastName: order.delivery.lastName,
        country: order.delivery.country,
        county: order.delivery.county,
        city: order.delivery.city,
        address: order.delivery.address,
        postalCode: order.delivery.postalcode,
        phoneNumber: order.delivery.phoneNumber,
        subtotalCents,
        discountCents: 0,
        shippingCents: shipping,
        totalCents: grandTotalCents({ subtotalCents, discountCents: 0, shippingCents: shipping }),
        shippingOption: order.shipping,
        confirmedAt: placedAt,
        createdAt: placedAt,
        updatedAt: placedAt,
      })
      .returning({ id: orders.id });
    const orderId = must(row, 'order').id;
    await tx
      .insert(orderLines)
      .values(lines.map((line, position) => ({ ...line, orderId, position })));
    // One part per shop, where the demo order's fulfilment stands.
    const partSubtotals = new Map<string, number>();
    for (const line of lines) {
      partSubtotals.set(
        line.shopId,
        (partSubtotals.get(line.shopId) ?? 0) + line.unitPriceCents * line.quantity,
      );
    }
    await tx.insert(orderParts).values(
      [...partSubtotals].map(([shopId, partSubtotalCents]) => ({
        orderId,
        shopId,
        // A paid order waits for its confirmation: its parts have nothing to send yet.
        status: order.status === 'paid' ? ('pending_payment' as const) : order.status,
        subtotalCents: partSubtotalCents,
        createdAt: placedAt,
        updatedAt: placedAt,
      })),
    );
  }

  if (DEMO_RATINGS.length > 0) {
    await tx.insert(ratings).values(
      DEMO_RATINGS.map((r) => {
        const rater = must(userId.get(r.userKey), `user ${r.userKey}`);
        return {
          productId: must(productId.get(r.productKey), `product ${r.productKey}`),
          raterKey: `user:${rater}`,
          userId: rater,
          rating: r.rating,
        };
      }),
    );
    await tx.execute(sql`
      update ${products} p set rating_sum = r.total, rating_count = r.n
      from (select product_id, sum(rating)::int as total, count(*)::int as n from ${ratings} group by product_id) r
      where r.product_id = p.id`);
  }

  await tx.insert(blogPosts).values(
    DEMO_BLOG_POSTS.map((post) => ({
      authorId: userId.get(post.authorKey) ?? null,
      title: post.title,
      content: post.content,
      imageUrls: pickPicture(post.picture, post.imageCount),
      createdAt: daysAgo(post.daysAgo),
      updatedAt: daysAgo(post.daysAgo),
    })),
  );

  await tx.insert(newsletterSubscriptions).values(DEMO_NEWSLETTER.map((email) => ({ email })));
}
