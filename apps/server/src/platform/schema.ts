// The whole data model. Money is integer cents; stock and ratings carry CHECK constraints so a
// bug in a service can never write a negative stock or a sixth star. Ids are random UUIDs
// (never sequential) because anonymous orders are reachable by id alone.
import {
  CONSENT_PURPOSES,
  CONSENT_SOURCES,
  CONSENT_WITHDRAWALS,
  DATA_REQUEST_KINDS,
  DEFAULT_LOW_STOCK_THRESHOLD,
  LEDGER_ENTRY_KINDS,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  ORDER_EVENT_KINDS,
  ORDER_STATUSES,
  REFUND_STATUSES,
  PRICING_TYPES,
  REFUND_REASONS,
  REMINDER_OPT_OUT_WAYS,
  ROLES,
  TAX_TYPES,
  ETIMS_STATUSES,
  LOCALES,
  RECEIPT_KINDS,
  type Locale,
  type OperationPeriods,
  type Receipt,
} from '@soko/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * What the recovery follower decided for an order that lapsed unpaid (decision 043): its reminder
 * was written, or not because the shopper ordered the same lines again, opted out, or left no
 * address to write to.
 */
export const RECOVERY_OUTCOMES = ['sent', 'reordered', 'opted_out', 'unreachable'] as const;
export type RecoveryOutcome = (typeof RECOVERY_OUTCOMES)[number];

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ROLES);
export const pricingTypeEnum = pgEnum('pricing_type', PRICING_TYPES);
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const refundReasonEnum = pgEnum('refund_reason', REFUND_REASONS);
export const refundStatusEnum = pgEnum('refund_status', REFUND_STATUSES);
export const discountKindEnum = pgEnum('discount_kind', ['percent', 'fixed']);
// KRA's tax types (decision 044): A exempt, B 16 %, C 0 %, D not VAT, E 8 %.
export const taxTypeEnum = pgEnum('tax_type', TAX_TYPES);
export const ledgerEntryKindEnum = pgEnum('ledger_entry_kind', LEDGER_ENTRY_KINDS);
export const paymentStatusEnum = pgEnum('payment_status', [
  'pending',
  'completed',
  'failed',
  'reversed',
]);

export type Address = { street: string; city: string; state: string; zip: string };
export type { OperationPeriods };
export type Seo = { title: string; description: string; keywords: string; url: string };
export type WhatsApp = {
  phoneNumber: string;
  accountName: string;
  chatMessage: string;
  avatar: string;
  statusMessage: string;
};

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('customer'),
    address: jsonb('address').$type<Address>(),
    // Bumped on a password change: tokens issued before it stop working.
    tokenVersion: integer('token_version').notNull().default(0),
    // A Kenyan mobile number as +2547…/+2541… (decision 031); SMS go to it only once verified.
    phone: text('phone'),
    // Set when a code sent to `phone` was entered; cleared whenever `phone` changes.
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check(
      'users_phone_verified_has_phone',
      sql`${t.phoneVerifiedAt} is null or ${t.phone} is not null`,
    ),
  ],
);

export const shops = pgTable(
  'shops',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    // Display and contact fields from the shop form; the owning account is ownerId.
    owner: text('owner').notNull(),
    ownerEmail: text('owner_email').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    address: text('address').notNull(),
    mapUrls: text('map_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    operationPeriods: jsonb('operation_periods').$type<OperationPeriods>().notNull().default({}),
    companyPolicy: text('company_policy').notNull().default(''),
    socialLinks: text('social_links')
      .array()
      .notNull()
      .default(sql`'{}'`),
    payOnOrder: boolean('pay_on_order').notNull().default(true),
    // The most of one item (a product, or one of its variants) one order may take: an order
    // holds its stock until it is paid, so one shopper must not be able to hold it all.
    maxPerOrder: integer('max_per_order').notNull().default(10),
    // Stock at or below this is low for every product that sets no threshold of its own: the
    // owner is mailed once as an item crosses it (decision 041).
    lowStockThreshold: integer('low_stock_threshold')
      .notNull()
      .default(DEFAULT_LOW_STOCK_THRESHOLD),
    // The marketplace's cut of this shop's sales in basis points (1,000 is 10%); null follows
    // the marketplace's default (ledger_settings, from COMMISSION_PERCENT).
    commissionBps: integer('commission_bps'),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    promotionalImages: text('promotional_images')
      .array()
      .notNull()
      .default(sql`'{}'`),
    // The seller's own face (issue 32, decision 040): a logo apart from the shop's pictures
    // (those are wide banners; a logo is square and small), a short description, the county it
    // is in and its own WhatsApp number (+ and digits), each optional.
    logoUrl: text('logo_url'),
    description: text('description').notNull().default(''),
    county: text('county'),
    whatsapp: text('whatsapp'),
    // The tax profile (issue 33, decision 044): the KRA PIN (upper case, checked below), VAT
    // registration, and eTIMS with its branch (bhfId) and device serial (dvcSrlNo), kept for the
    // OSCU adapter that receipts will bring.
    kraPin: text('kra_pin'),
    vatRegistered: boolean('vat_registered').notNull().default(false),
    etimsEnabled: boolean('etims_enabled').notNull().default(false),
    etimsBranchId: text('etims_branch_id').notNull().default('00'),
    etimsDeviceSerial: text('etims_device_serial').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shops_owner_idx').on(t.ownerId),
    check('shops_max_per_order_range', sql`${t.maxPerOrder} between 1 and 1000`),
    check('shops_commission_range', sql`${t.commissionBps} between 0 and 10000`),
    // wa.me links are built from these digits: only E.164 (+ and 8 to 15 digits) is kept.
    check('shops_whatsapp_e164', sql`${t.whatsapp} ~ '^[+][1-9][0-9]{7,14}$'`),
    check('shops_low_stock_threshold_nonnegative', sql`${t.lowStockThreshold} >= 0`),
    check('shops_kra_pin_format', sql`${t.kraPin} ~ '^[AP][0-9]{9}[A-Z]$'`),
    // Receipts will print the PIN of a shop that charges VAT or reports to eTIMS.
    check('shops_vat_needs_pin', sql`not ${t.vatRegistered} or ${t.kraPin} is not null`),
    check(
      'shops_etims_needs_pin_and_device',
      sql`not ${t.etimsEnabled} or (${t.kraPin} is not null and ${t.etimsDeviceSerial} <> '')`,
    ),
  ],
);

export const tenants = pgTable('tenants', {
  id: id(),
  hosts: text('hosts').array().notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  shopId: uuid('shop_id')
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' }),
  seo: jsonb('seo').$type<Seo>(),
  whatsapp: jsonb('whatsapp').$type<WhatsApp>(),
  createdAt: createdAt(),
});

export const categories = pgTable(
  'categories',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    position: integer('position').notNull().default(0),
    // A deleted category is kept (hidden) while its products are: past orders point at them.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_shop_name_key')
      .on(t.shopId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A new product's or variant's SKU until its owner sets one: 12 random hex digits. */
const GENERATED_SKU = sql`('SKU-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)))`;

export const products = pgTable(
  'products',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // The owner's Swahili name and description (decision 050): shown to Kiswahili readers,
    // the English ones when null.
    nameSw: text('name_sw'),
    descriptionSw: text('description_sw'),
    priceCents: integer('price_cents').notNull(),
    // As the owner typed it ('15', '15%', 15): the contract's parseDiscountPercent decides.
    discounts: text('discounts'),
    discount: text('discount'),
    // Units sold; ranks popular choices.
    count: integer('count').notNull().default(0),
    // What can still be bought. With variants it is kept equal to their sum.
    stock: integer('stock').notNull().default(0),
    // The product's own low-stock threshold; null follows its shop's (decision 041).
    lowStockThreshold: integer('low_stock_threshold'),
    // Its KRA tax type; null follows the shop: B when VAT-registered, else D (decision 044).
    taxType: taxTypeEnum('tax_type'),
    type: text('type'),
    pricingType: pricingTypeEnum('pricing_type').notNull().default('Fixed'),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    // Deleting a product hides it from the shop and the storefront; the row stays, because
    // past orders still show it (and its pictures must not be swept).
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // What search reads: name, Type, category, shop and description, lower-cased and without
    // accents. Kept by triggers (migration 0005), in the same transaction as every write of a
    // product, its category or its shop; the tsvector and trigram indexes are built on it there.
    searchText: text('search_text').notNull().default(''),
    // The owner's stock-keeping unit (decision 039): unique within the shop among live products
    // and variants (shop_skus below, kept by triggers); a new row gets a random one.
    sku: text('sku').notNull().default(GENERATED_SKU),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_count_nonnegative', sql`${t.count} >= 0`),
    check('products_low_stock_threshold_nonnegative', sql`${t.lowStockThreshold} >= 0`),
    check(
      'products_rating_sane',
      sql`${t.ratingCount} >= 0 and ${t.ratingSum} >= ${t.ratingCount}`,
    ),
    index('products_category_idx').on(t.categoryId),
    index('products_shop_idx').on(t.shopId),
    index('products_created_idx').on(t.createdAt),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    size: text('size').notNull().default(''),
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
    // The owner's stock-keeping unit (decision 039): unique within the shop among live products
    // and variants (shop_skus below, kept by triggers); a new row gets a random one.
    sku: text('sku').notNull().default(GENERATED_SKU),
    // A removed option is retired, not deleted: deleting would need a lock that an order
    // placing a line for it already holds against (its foreign key), and the two deadlock.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
    index('product_variants_product_idx').on(t.productId),
  ],
);

/**
 * Every live SKU of a shop, its products' and its variants' alike, so one unique key keeps them
 * apart (a product's and a variant's SKU live in two tables). Written only by the triggers on
 * products and product_variants (migration 0022): a SKU is claimed when its row is made or its
 * SKU changes, and freed when the row (or a variant's product) is deleted.
 */
export const shopSkus = pgTable(
  'shop_skus',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.sku] })],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    code: text('code').notNull(),
    // The shop that runs and bears it (it takes off that shop's lines only); null: the
    // marketplace's, on the whole cart (decision 038).
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    kind: discountKindEnum('kind').notNull(),
    // A whole percent for 'percent', cents for 'fixed'.
    value: integer('value').notNull(),
    // What the lines it applies to must come to before it takes anything off.
    minOrderCents: integer('min_order_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    // Uses per shopper (their account, else their device), counted in discount_code_uses.
    perShopperLimit: integer('per_shopper_limit'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    // One code text across the marketplace: a shopper types a code, not a shop.
    uniqueIndex('discount_codes_code_key').on(sql`upper(${t.code})`),
    index('discount_codes_shop_idx').on(t.shopId),
    check('discount_codes_min_order_nonnegative', sql`${t.minOrderCents} >= 0`),
    check(
      'discount_codes_dates_ordered',
      sql`${t.startsAt} is null or ${t.expiresAt} is null or ${t.startsAt} < ${t.expiresAt}`,
    ),
    check(
      'discount_codes_limits_positive',
      sql`(${t.usageLimit} is null or ${t.usageLimit} > 0) and (${t.perShopperLimit} is null or ${t.perShopperLimit} > 0)`,
    ),
    check('discount_codes_value_positive', sql`${t.value} > 0`),
    check('discount_codes_percent_range', sql`${t.kind} <> 'percent' or ${t.value} <= 100`),
    check(
      'discount_codes_usage_within_limit',
      sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`,
    ),
  ],
);

// A code's uses per shopper (orders.client_key: the account, else the device), taken in the
// order's statement and given back with the code's own use. The row's update is the lock: of
// two orders racing for a shopper's last use, one gets it.
export const discountCodeUses = pgTable(
  'discount_code_uses',
  {
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    usedCount: integer('used_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.codeId, t.clientKey] }),
    check('discount_code_uses_nonnegative', sql`${t.usedCount} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    // The short number people read out over the phone, e.g. SK-26-000123.
    orderNumber: text('order_number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: orderStatusEnum('status').notNull().default('pending_payment'),
    payOnOrder: boolean('pay_on_order').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    country: text('country'),
    county: text('county'),
    city: text('city'),
    address: text('address'),
    postalCode: text('postal_code'),
    phoneNumber: text('phone_number'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    shippingOption: text('shipping_option').notNull(),
    // Where the order's delivery was priced for (decision 035): the county the checkout named
    // (null: the shops' rest-of-Kenya rates), and whether every part is collected at a counter
    // (then no street address is asked for). Read with the order's row at its final checkout.
    pricedCounty: text('priced_county'),
    pickupOnly: boolean('pickup_only').notNull().default(false),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, {
      onDelete: 'set null',
    }),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    // Who placed it, for the limits on open unpaid orders: 'user:{id}', or 'device:{id}' (the
    // device cookie; 'ip:{keyed hash}' on orders placed before decision 029).
    clientKey: text('client_key'),
    // The network address it came from ('ip:{keyed hash}'), for the far higher per-address bounds.
    networkKey: text('network_key'),
    // The payment that paid it (no foreign key: payments already point at orders). Another
    // payment completing for the same order is money to give back.
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: uuid('paid_by'),
    // Set while the shop owes the shopper money back (the order page says why).
    refundReason: refundReasonEnum('refund_reason'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // The storefront it was placed at: its messages go out under that shop's name and link there
    // (a removed tenant's orders fall back to the default one).
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    // The unpaid order whose recovery link rebuilt this one's cart (decision 043), checked by the
    // server to name an order that lapsed unpaid; the admin's dashboard counts these once paid.
    recoveredFrom: uuid('recovered_from').references((): AnyPgColumn => orders.id, {
      onDelete: 'set null',
    }),
    // When the recovery follower decided this lapsed order's reminder, and what it decided
    // (RECOVERY_OUTCOMES): set in the statement that claims it, in the transaction that writes
    // the reminder, so an order is reminded at most once.
    recoveryCheckedAt: timestamp('recovery_checked_at', { withTimezone: true }),
    recoveryOutcome: text('recovery_outcome').$type<(typeof RECOVERY_OUTCOMES)[number]>(),
    // The buyer's KRA PIN (upper case) when given at the final checkout (decision 045): printed
    // on the receipts so a business buyer can claim their VAT.
    buyerKraPin: text('buyer_kra_pin'),
    // The shopper's language when placing it (decision 050): its messages and receipts speak it.
    locale: text('locale').$type<Locale>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'orders_amounts_nonnegative',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} >= 0`,
    ),
    index('orders_user_idx').on(t.userId),
    // The admin list's order (newest first, id breaking ties): a page is read off this index
    // instead of sorting every order. NULLS FIRST is what ORDER BY ... DESC means in
    // PostgreSQL; Drizzle's default for desc() is NULLS LAST, and the planner would not use it.
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_hold_idx').on(t.status, t.holdUntil),
    index('orders_open_by_client_idx')
      .on(t.clientKey)
      .where(sql`${t.status} = 'pending_payment'`),
    index('orders_open_by_network_idx')
      .on(t.networkKey)
      .where(sql`${t.status} = 'pending_payment'`),
    check('orders_buyer_kra_pin_format', sql`${t.buyerKraPin} ~ '^[AP][0-9]{9}[A-Z]$'`),
    check('orders_locale', sql`${t.locale} in (${inList(LOCALES)})`),
    check(
      'orders_recovery_outcome',
      sql`${t.recoveryOutcome} is null or ${t.recoveryOutcome} in (${inList(RECOVERY_OUTCOMES)})`,
    ),
    // What the recovery follower looks for: online orders lapsed unpaid and not yet decided.
    index('orders_recovery_due_idx')
      .on(t.updatedAt)
      .where(
        sql`${t.status} in ('payment_failed', 'expired') and ${t.payOnOrder} and ${t.recoveryCheckedAt} is null`,
      ),
    index('orders_recovered_from_idx')
      .on(t.recoveredFrom)
      .where(sql`${t.recoveredFrom} is not null`),
  ],
);

// Every move of an order's state, kept: who made it, when, from what, to what, and why.
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Null for the order being placed.
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    // 'shopper', 'payment', 'system', 'owner' or 'admin'.
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Set when the move was one shop's part of the order (from and to are then the part's).
    partId: uuid('part_id').references(() => orderParts.id, { onDelete: 'cascade' }),
    note: text('note'),
    // The clock, not the transaction's start: moves made in one transaction (a part, then the
    // order following it) keep their order.
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.at)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    variantLabel: text('variant_label'),
    // The product's first picture when ordered: the order shows it whatever happens later.
    imageUrl: text('image_url'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    // The lines' order as the shopper listed them.
    position: integer('position').notNull().default(0),
    // The KRA tax type the line was sold at (decision 045): effectiveTaxType of its product's
    // type and its shop's VAT registration when the order was placed, so a later change of
    // either never rewrites a receipt. Null on lines placed before it: those count as D.
    taxType: taxTypeEnum('tax_type'),
  },
  (t) => [
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_shop_idx').on(t.shopId),
  ],
);

// One part per shop of an order: that shop's lines, sent, handed over or cancelled on their
// own (DESIGN "Order parts"). Lines find their part by (order_id, shop_id).
export const orderParts = pgTable(
  'order_parts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    // A PART_STATUSES value: 'pending_payment' until the order is confirmed.
    status: orderStatusEnum('status').notNull().default('pending_payment'),
    subtotalCents: integer('subtotal_cents').notNull(),
    // The discount of the shop's own code on this part: the shop bears it (the ledger credits
    // the lines less it). A marketplace code's discount is not here; the marketplace bears it.
    shopDiscountCents: integer('shop_discount_cents').notNull().default(0),
    // What the shopper is owed back for this part when it was cancelled after payment.
    refundCents: integer('refund_cents').notNull().default(0),
    // The shop's delivery fee for this part, credited to the shop (decision 035), and where the
    // part goes: the county it was priced for (null: the rest-of-Kenya rates) or a counter.
    deliveryCents: integer('delivery_cents').notNull().default(0),
    deliveryCounty: text('delivery_county'),
    pickupCounter: jsonb('pickup_counter').$type<PickupCounterSnapshot>(),
    trackingNote: text('tracking_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'order_parts_status',
      sql`${t.status} in ('pending_payment', 'confirmed', 'shipped', 'delivered', 'cancelled')`,
    ),
    check(
      'order_parts_amounts_nonnegative',
      sql`${t.subtotalCents} >= 0 and ${t.refundCents} >= 0 and ${t.deliveryCents} >= 0`,
    ),
    check(
      'order_parts_shop_discount_within_lines',
      sql`${t.shopDiscountCents} between 0 and ${t.subtotalCents}`,
    ),
    uniqueIndex('order_parts_order_shop_key').on(t.orderId, t.shopId),
    // A shop's orders screen: its parts, newest first.
    index('order_parts_shop_idx').on(t.shopId, t.createdAt),
  ],
);

/**
 * A pickup point as it was when the order was placed (the shop may edit it later): the shop's
 * own counter, or a carrier's agent point (`carrier` set, decision 036).
 */
export type PickupCounterSnapshot = {
  id: string;
  name: string;
  address: string;
  hours: string;
  carrier?: 'pickup-mtaani';
};

/** A delivery rate as stored: integer cents. */
export type StoredDeliveryRate = { feeCents: number; days: string };
/** A shop's delivery as stored (modules/delivery writes it; its zod schema checked it first). */
export type StoredDeliverySettings = {
  zones: {
    name: string;
    counties: string[];
    standard: StoredDeliveryRate;
    express: StoredDeliveryRate;
  }[];
  restOfKenya: { standard: StoredDeliveryRate; express: StoredDeliveryRate };
  freeFromCents: number | null;
  pickupCounters: (PickupCounterSnapshot & { feeCents: number })[];
  /** Absent in settings saved before decision 036: agent points off. */
  agents?: { enabled: boolean; dropOffAgentId: string | null };
};

// A shop's delivery settings (issue 31). One row a shop, read whole by the quote and by the
// order's price read; a shop without a row charges the spec's Ksh 10 / 20 (decision 035).
export const shopDelivery = pgTable('shop_delivery', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<StoredDeliverySettings>().notNull(),
  updatedAt: updatedAt(),
});

// The dashboard's sales, summed per Nairobi day as orders are sold, so that a month's figures
// are a few hundred rows whatever the number of orders (modules/stats). Kept by triggers on
// orders and order_parts (migration 0009), in the transaction of every write that makes an
// order a sale or stops it being one; sales_daily_rebuild() recounts it from the orders.
// Level 0 is the whole marketplace (orders' totals), 1 a shop (its lines), 2 a product of a
// shop. Each row is split across a few slots (the writer's backend decides which) so that
// checkouts at the same moment do not all wait for one row; readers add the slots up.
export const salesDaily = pgTable(
  'sales_daily',
  {
    level: smallint('level').notNull(),
    shopId: uuid('shop_id'),
    day: date('day').notNull(),
    // '' for levels 0 and 1; the product's id, or 'name:' and its name for a line whose product
    // was removed for good.
    productKey: text('product_key').notNull().default(''),
    slot: smallint('slot').notNull(),
    productId: uuid('product_id'),
    // The product's name on its latest sale.
    name: text('name'),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
    units: integer('units').notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [
    unique('sales_daily_key').on(t.level, t.shopId, t.day, t.productKey, t.slot).nullsNotDistinct(),
    // Every shop's best sellers (the admin's): product rows by day, whatever the shop.
    index('sales_daily_level_day_idx').on(t.level, t.day),
  ],
);

// Money an admin asked the payment provider to give back. One live refund per payment
// (Pesapal takes one refund request per payment).
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: refundStatusEnum('status').notNull().default('requested'),
    // The provider's words, refusals included.
    message: text('message'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_one_live_per_payment')
      .on(t.paymentId)
      .where(sql`${t.status} in ('requested', 'completed')`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    // Null while the provider is being asked to start it (the row reserves the order's one
    // open payment first, so two starts at once cannot both reach the provider).
    trackingId: text('tracking_id').unique(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    statusCode: integer('status_code'),
    paymentMethod: text('payment_method'),
    redirectUrl: text('redirect_url'),
    amountCents: integer('amount_cents').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    // When the sweep last asked the provider; a process claims a payment by moving it.
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_status_checked_idx').on(t.status, t.checkedAt),
    // At most one open payment per order: a second start answers the first.
    uniqueIndex('payments_one_open_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// Every M-Pesa PIN prompt (STK push) asked for, kept to bound them per phone number and per order
// (decision 029): a prompt lands on someone's phone, so anyone who can start one must not be
// able to send many. The phone as +254…, as on the order.
export const mpesaPrompts = pgTable(
  'mpesa_prompts',
  {
    id: id(),
    phone: text('phone').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mpesa_prompts_phone_idx').on(t.phone, t.createdAt),
    index('mpesa_prompts_order_idx').on(t.orderId, t.createdAt),
  ],
);

// M-Pesa codes a shopper typed for an order paid by hand to the marketplace's Paybill or Till
// (decision 042), each checked with Daraja's Transaction Status query before the order is paid.
// A code counts for one order only: the partial unique index lets one live (checking or
// accepted) claim hold a code, so two orders racing for one code get one claim between them.
export const paybillClaims = pgTable(
  'paybill_claims',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    state: text('state', { enum: ['checking', 'accepted', 'refused'] })
      .notNull()
      .default('checking'),
    // The words the shopper sees when it is refused.
    reason: text('reason'),
    // Daraja's id for the status query, which its result names.
    conversationId: text('conversation_id').unique(),
    // The payment recorded when it was accepted.
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('paybill_claims_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('paybill_claims_live_code')
      .on(t.code)
      .where(sql`${t.state} <> 'refused'`),
    check('paybill_claims_state', sql`${t.state} in ('checking', 'accepted', 'refused')`),
  ],
);

// The built-in sandbox provider's own books: what the shopper did on its hosted page. It is the
// "provider side" the shop asks for the truth, exactly as it asks Pesapal.
export const sandboxTransactions = pgTable('sandbox_transactions', {
  trackingId: uuid('tracking_id').primaryKey().defaultRandom(),
  merchantReference: text('merchant_reference').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  callbackUrl: text('callback_url').notNull(),
  // Pesapal's codes: 0 not final, 1 completed, 2 failed, 3 reversed.
  statusCode: integer('status_code').notNull().default(0),
  paymentMethod: text('payment_method'),
  confirmationCode: text('confirmation_code'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    trackingId: text('tracking_id').notNull(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    verifiedStatus: paymentStatusEnum('verified_status'),
    applied: boolean('applied').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_tracking_idx').on(t.trackingId)],
);

export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // 'user:{id}' for a signed-in rater, 'ip:{hmac of the address}' otherwise (older rows:
    // 'device:{cookie}'): one rating per rater.
    raterKey: text('rater_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ratings_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('ratings_product_rater_key').on(t.productId, t.raterKey),
  ],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_key').on(sql`lower(${t.email})`)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    imageUrls: text('image_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('blog_posts_created_idx').on(t.createdAt)],
);

// A shopper's review of a product they bought: one per product and person, shown as a
// verified purchase. An admin may hide one.
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The order that proves the purchase.
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
  ],
);

// Every uploaded or generated image; files live in the storage adapter under this key.
export const media = pgTable('media', {
  key: text('key').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  // The shop it was uploaded for (null for blog pictures and demo images).
  shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

// Feeds the human order number (SK-YY-000123); a sequence never hands out one number twice.
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1000 });

// What the marketplace owes each shop (DESIGN "Ledger"): entries are only ever added, in
// cents, credits positive; a shop's balance is the sum of its entries, never a stored total.
// Sales and their undoing are written by triggers on orders and order_parts (migration 0010)
// in the transaction of every move that makes a part earn or stop earning, so no path of an
// order can forget them; payouts are written by the ledger module. A trigger refuses every
// update and delete.
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    // The order of writing: a shop's history and running balance read in it.
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    kind: ledgerEntryKindEnum('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    // A sale's lines and the commission taken from them (negated on the entry undoing it).
    grossCents: bigint('gross_cents', { mode: 'number' }),
    commissionCents: bigint('commission_cents', { mode: 'number' }),
    commissionBps: integer('commission_bps'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    partId: uuid('part_id').references(() => orderParts.id, { onDelete: 'restrict' }),
    // A payout's: how the money went and the bank's or M-Pesa's reference.
    method: text('method'),
    reference: text('reference'),
    note: text('note'),
    // No foreign key: an entry is never changed, even when the account that wrote it goes.
    actorUserId: uuid('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    check(
      'ledger_entries_shape',
      sql`(${t.kind} = 'sale' and ${t.amountCents} >= 0 and ${t.partId} is not null)
        or (${t.kind} in ('cancellation', 'reversal', 'refund') and ${t.amountCents} <= 0 and ${t.partId} is not null)
        or (${t.kind} = 'payout' and ${t.amountCents} < 0 and ${t.method} is not null and ${t.reference} is not null)`,
    ),
    // A part is credited once and undone once, whoever gets there first.
    uniqueIndex('ledger_one_sale_per_part')
      .on(t.partId)
      .where(sql`${t.kind} = 'sale'`),
    uniqueIndex('ledger_one_undoing_per_part')
      .on(t.partId)
      .where(sql`${t.kind} in ('cancellation', 'reversal', 'refund')`),
    index('ledger_entries_shop_seq_idx').on(t.shopId, t.seq),
  ],
);

// One row: the marketplace's default commission, written at start from COMMISSION_PERCENT so
// that the ledger's triggers can read it.
export const ledgerSettings = pgTable(
  'ledger_settings',
  {
    id: boolean('id').primaryKey().default(true),
    defaultCommissionBps: integer('default_commission_bps').notNull().default(0),
  },
  (t) => [
    check('ledger_settings_one_row', sql`${t.id}`),
    check('ledger_settings_commission_range', sql`${t.defaultCommissionBps} between 0 and 10000`),
  ],
);

// The outbox (issue 30, decision 030): a message is written in the transaction that causes it
// and sent afterwards by a worker in every process, which claims due rows with FOR UPDATE SKIP
// LOCKED. `attempts` counts claims; a claim whose worker died is taken again once `locked_until`
// has passed. `give_up_at` is a day after the row was queued (or released from held).
export const messages = pgTable(
  'messages',
  {
    id: id(),
    channel: text('channel').$type<(typeof MESSAGE_CHANNELS)[number]>().notNull(),
    kind: text('kind').$type<(typeof MESSAGE_KINDS)[number]>().notNull(),
    // Whom it is about; the row goes with the account.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    // The tenant's name, shown as the sender.
    senderName: text('sender_name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<(typeof MESSAGE_STATUSES)[number]>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    giveUpAt: timestamp('give_up_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    providerId: text('provider_id'),
    providerStatus: text('provider_status'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // The order it is about, so an order's panel lists its messages and Resend can find them.
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    // Extra mail headers (a marketing mail's List-Unsubscribe pair).
    headers: jsonb('headers').$type<Record<string, string>>(),
    // A resend is a new row naming the one it repeats: the first keeps its own history.
    resentFromId: uuid('resent_from_id'),
    // What the provider reported later (an SMS delivery report), beside what it said on sending.
    deliveryStatus: text('delivery_status'),
    deliveryError: text('delivery_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('messages_channel', sql`${t.channel} in (${inList(MESSAGE_CHANNELS)})`),
    check('messages_kind', sql`${t.kind} in (${inList(MESSAGE_KINDS)})`),
    check('messages_status', sql`${t.status} in (${inList(MESSAGE_STATUSES)})`),
    // What the worker looks for: only rows not yet settled.
    index('messages_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.status} in ('held', 'queued', 'sending')`),
    index('messages_user_idx').on(t.userId),
    index('messages_order_idx').on(t.orderId),
    index('messages_created_idx').on(t.createdAt),
    index('messages_provider_idx').on(t.providerId),
    // An order's recovery reminder is written once a channel (decision 043); an admin's resend
    // is a row of its own.
    uniqueIndex('messages_recovery_once_key')
      .on(t.orderId, t.channel)
      .where(sql`${t.kind} = 'order_recovery' and ${t.resentFromId} is null`),
  ],
);

// One row per move of an order or of one shop's part, written with its history row in the same
// transaction (DESIGN.md "One move, one event"). The messages an order's people get follow these.
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Set for a part's move: the shop whose part moved.
    partId: uuid('part_id').references(() => orderParts.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id'),
    kind: text('kind').$type<(typeof ORDER_EVENT_KINDS)[number]>().notNull(),
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id'),
    // What goes with it: the tracking note of a shipped part, the cents of a refund.
    data: jsonb('data').$type<Record<string, string | number | null>>(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    // Set when what follows the event (its messages) has been written, in that same transaction.
    followedAt: timestamp('followed_at', { withTimezone: true }),
  },
  (t) => [
    check('order_events_kind', sql`${t.kind} in (${inList(ORDER_EVENT_KINDS)})`),
    index('order_events_order_idx').on(t.orderId, t.at),
    // What the follower looks for: only events not yet followed.
    index('order_events_to_follow_idx')
      .on(t.at)
      .where(sql`${t.followedAt} is null`),
  ],
);

// Password reset links (DESIGN.md, "Messages"): only the SHA-256 of the random token is kept, so
// a copy of the database opens no account. One use, 30 minutes.
// The code sent to verify an account's phone (decision 031): one open code per account, stored
// as an HMAC of the account, the number and the code (a million codes are quickly hashed, so a
// plain hash would give them away to whoever reads the table); 10 minutes, 5 tries.
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('phone_codes_user_key').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

// Marketing consent (DESIGN.md "Messages" and "Data rights"; decision 033): one row per consent
// given, naming who gave it (the account when signed in, and the address it covers), what for,
// the version of the text they agreed to, and the form. Withdrawing sets withdrawn_at and how on
// the same row, never deletes it; consent given again is a new row. At most one live consent per
// address and purpose, so a repeat of the same form records nothing new.
export const consents = pgTable(
  'consents',
  {
    id: id(),
    // Kept when the account goes: the record of a withdrawal still stops mail to the address.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    // +254… as normalizeKenyanPhone writes it: an SMS consent names its number itself, whatever
    // the account holds.
    phone: text('phone'),
    purpose: text('purpose').$type<(typeof CONSENT_PURPOSES)[number]>().notNull(),
    channel: text('channel').$type<(typeof MESSAGE_CHANNELS)[number]>().notNull(),
    // The contract's CONSENT_TEXTS version shown when it was given.
    textVersion: text('text_version').notNull(),
    source: text('source').$type<(typeof CONSENT_SOURCES)[number]>().notNull(),
    givenAt: timestamp('given_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnVia: text('withdrawn_via').$type<(typeof CONSENT_WITHDRAWALS)[number]>(),
    // Set when the person's account was deleted (decision 048): the email or phone is cleared and
    // this keyed hash of it kept, so the withdrawal can still be proven for an address shown.
    addressHash: text('address_hash'),
  },
  (t) => [
    check('consents_purpose', sql`${t.purpose} in (${inList(CONSENT_PURPOSES)})`),
    check('consents_channel', sql`${t.channel} in (${inList(MESSAGE_CHANNELS)})`),
    check('consents_source', sql`${t.source} in (${inList(CONSENT_SOURCES)})`),
    check(
      'consents_withdrawn_via',
      sql`${t.withdrawnVia} is null or ${t.withdrawnVia} in (${inList(CONSENT_WITHDRAWALS)})`,
    ),
    check('consents_withdrawn', sql`(${t.withdrawnAt} is null) = (${t.withdrawnVia} is null)`),
    check(
      'consents_address',
      sql`(${t.channel} = 'email' and ${t.email} is not null) or (${t.channel} = 'sms' and ${t.phone} is not null) or (${t.addressHash} is not null and ${t.withdrawnAt} is not null)`,
    ),
    uniqueIndex('consents_live_email_key')
      .on(t.purpose, sql`lower(${t.email})`)
      .where(sql`${t.channel} = 'email' and ${t.withdrawnAt} is null`),
    uniqueIndex('consents_live_phone_key')
      .on(t.purpose, t.phone)
      .where(sql`${t.channel} = 'sms' and ${t.withdrawnAt} is null`),
    index('consents_user_idx').on(t.userId),
  ],
);

// One carrier package per shipped part that goes to an agent point (decision 036). The part's id
// is the key, so a retried or raced ship creates one row, and it is also the idempotency key sent
// to the carrier. A row waits ('queued') until the carrier accepts it; failed calls are retried
// by a sweep with growing pauses (next_attempt_at), claimed for a while (claimed_until) so two
// processes never call for one package at once.
export const carrierPackages = pgTable(
  'carrier_packages',
  {
    partId: uuid('part_id')
      .primaryKey()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    carrier: text('carrier').notNull(),
    // 'queued' until the carrier answers with its package; then 'created'.
    status: text('status').notNull().default('queued'),
    packageId: text('package_id'),
    // The carrier's own state of the package (request, in_transit, delivered...), from webhooks.
    trackingState: text('tracking_state'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('carrier_packages_status', sql`${t.status} in ('queued', 'created')`),
    uniqueIndex('carrier_packages_package_key').on(t.carrier, t.packageId),
    // The sweep: packages still queued, soonest first.
    index('carrier_packages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);

// Each carrier webhook delivery applied, by the carrier's event id: a replay changes nothing.
export const carrierWebhookEvents = pgTable(
  'carrier_webhook_events',
  {
    carrier: text('carrier').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    packageId: text('package_id'),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.carrier, t.eventId] })],
);

// One row each time an item's stock crosses its low-stock threshold going down (decision 041),
// written by a trigger of migration 0023 in the statement that moved the stock, so an order or an
// edit cannot cross without it and a rolled-back one leaves none. A follower writes the owner's
// mail and sets followed_at in one transaction, as the order events' does (decision 034).
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // The variant that ran low; null for a product without variants.
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    // The stock the crossing left, and the threshold it crossed.
    stock: integer('stock').notNull(),
    threshold: integer('threshold').notNull(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    followedAt: timestamp('followed_at', { withTimezone: true }),
  },
  (t) => [
    index('stock_alerts_product_idx').on(t.productId, t.at),
    // What the follower looks for: only alerts not yet followed.
    index('stock_alerts_to_follow_idx')
      .on(t.at)
      .where(sql`${t.followedAt} is null`),
  ],
);

// Opt-outs of the reminders about unpaid orders (decision 043): one row per opt-out, naming the
// address it covers (an email, or a phone for SMS), the account when one asked, when and how;
// turning reminders on again sets withdrawn_at and how on the same row, never deletes it. At most
// one live opt-out per address.
export const reminderOptOuts = pgTable(
  'reminder_opt_outs',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').$type<(typeof MESSAGE_CHANNELS)[number]>().notNull(),
    email: text('email'),
    // +254… as normalizeKenyanPhone writes it.
    phone: text('phone'),
    via: text('via').$type<(typeof REMINDER_OPT_OUT_WAYS)[number]>().notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnVia: text('withdrawn_via').$type<(typeof REMINDER_OPT_OUT_WAYS)[number]>(),
    // As consents' (decision 048): the address's keyed hash once its account was deleted.
    addressHash: text('address_hash'),
  },
  (t) => [
    check('reminder_opt_outs_channel', sql`${t.channel} in (${inList(MESSAGE_CHANNELS)})`),
    check('reminder_opt_outs_via', sql`${t.via} in (${inList(REMINDER_OPT_OUT_WAYS)})`),
    check(
      'reminder_opt_outs_withdrawn',
      sql`(${t.withdrawnAt} is null) = (${t.withdrawnVia} is null)`,
    ),
    check(
      'reminder_opt_outs_address',
      sql`(${t.channel} = 'email' and ${t.email} is not null) or (${t.channel} = 'sms' and ${t.phone} is not null) or ${t.addressHash} is not null`,
    ),
    uniqueIndex('reminder_opt_outs_live_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.channel} = 'email' and ${t.withdrawnAt} is null`),
    uniqueIndex('reminder_opt_outs_live_phone_key')
      .on(t.phone)
      .where(sql`${t.channel} = 'sms' and ${t.withdrawnAt} is null`),
    index('reminder_opt_outs_user_idx').on(t.userId),
  ],
);

/** What a receipt prints, frozen when it is issued (decision 045): the contract's Receipt less its
 * ids, its number and its eTIMS state, which are columns. */
export type ReceiptBody = Pick<
  Receipt,
  | 'orderNumber'
  | 'seller'
  | 'buyer'
  | 'payment'
  | 'lines'
  | 'delivery'
  | 'rates'
  | 'total'
  | 'taxable'
  | 'vat'
> &
  // Frozen with the rest since decision 050; absent from receipts issued before it (English).
  Partial<Pick<Receipt, 'locale'>>;

// Each shop's last receipt number (decision 045): taken with an upsert in the transaction that
// issues a receipt or a credit note, so the row lock orders concurrent issues and a rolled-back
// one gives its number back: no gaps, no repeats.
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    shopId: uuid('shop_id')
      .primaryKey()
      .references(() => shops.id, { onDelete: 'cascade' }),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_counters_positive', sql`${t.lastNumber} > 0`)],
);

// Receipts and credit notes (issue 33, decision 045): one receipt per confirmed shop part, one
// credit note per receipt undone, numbered in one sequence per shop. What they print is frozen in
// `body`; the totals are columns too, for the month's CSV and for checks. The eTIMS columns are
// the OSCU adapter's: its state and what KRA answered.
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    // Kept when the shop goes: the body holds the seller as it was.
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<(typeof RECEIPT_KINDS)[number]>().notNull(),
    number: integer('number').notNull(),
    // A credit note's receipt.
    creditsReceiptId: uuid('credits_receipt_id').references((): AnyPgColumn => receipts.id, {
      onDelete: 'cascade',
    }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    body: jsonb('body').$type<ReceiptBody>().notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    etimsStatus: text('etims_status')
      .$type<(typeof ETIMS_STATUSES)[number]>()
      .notNull()
      .default('off'),
    etimsKraReceiptNumber: integer('etims_kra_receipt_number'),
    etimsTotalReceiptNumber: integer('etims_total_receipt_number'),
    etimsInternalData: text('etims_internal_data'),
    etimsSignature: text('etims_signature'),
    etimsSdcId: text('etims_sdc_id'),
    etimsMrcNo: text('etims_mrc_no'),
    etimsSignedAt: timestamp('etims_signed_at', { withTimezone: true }),
    etimsRefusalCode: text('etims_refusal_code'),
    etimsRefusalMessage: text('etims_refusal_message'),
    etimsAttempts: integer('etims_attempts').notNull().default(0),
    etimsNextAttemptAt: timestamp('etims_next_attempt_at', { withTimezone: true }),
    // Migration 0028 (decision 046): what the printed QR holds once KRA signed it, and why a
    // pending receipt still waits (no initialised device, KRA unreachable).
    etimsQrData: text('etims_qr_data'),
    etimsLastError: text('etims_last_error'),
  },
  (t) => [
    check('receipts_kind', sql`${t.kind} in (${inList(RECEIPT_KINDS)})`),
    check('receipts_etims_status', sql`${t.etimsStatus} in (${inList(ETIMS_STATUSES)})`),
    check('receipts_number_positive', sql`${t.number} > 0`),
    // A credit note names its receipt and mirrors it; a receipt names none.
    check(
      'receipts_credit_note_shape',
      sql`(${t.kind} = 'receipt' and ${t.creditsReceiptId} is null and ${t.totalCents} >= 0)
        or (${t.kind} = 'credit_note' and ${t.creditsReceiptId} is not null and ${t.totalCents} <= 0)`,
    ),
    unique('receipts_shop_number_key').on(t.shopId, t.number),
    // One receipt per part and one credit note per receipt, whoever gets there first (a replayed
    // event writes nothing).
    uniqueIndex('receipts_one_per_part')
      .on(t.partId)
      .where(sql`${t.kind} = 'receipt'`),
    uniqueIndex('receipts_one_credit_note_per_receipt')
      .on(t.creditsReceiptId)
      .where(sql`${t.creditsReceiptId} is not null`),
    index('receipts_order_idx').on(t.orderId),
    // A shop's month: its receipts by date.
    index('receipts_shop_issued_idx').on(t.shopId, t.issuedAt),
    // What the eTIMS sender looks for: receipts waiting, soonest first.
    index('receipts_etims_due_idx')
      .on(t.etimsNextAttemptAt)
      .where(sql`${t.etimsStatus} = 'pending'`),
  ],
);

// A shop's eTIMS device as KRA initialised it (decision 046): written only when KRA answered
// "000" to selectInitOsdcInfo with the shop's PIN, branch and serial, in the transaction that
// saves the tax profile, so a shop with eTIMS on always has one. The cmcKey goes in the headers of
// every later call; sdc_id and mrc_no are printed on its receipts.
export const etimsDevices = pgTable('etims_devices', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  tin: text('tin').notNull(),
  bhfId: text('bhf_id').notNull(),
  dvcSrlNo: text('dvc_srl_no').notNull(),
  cmcKey: text('cmc_key').notNull(),
  dvcId: text('dvc_id'),
  sdcId: text('sdc_id'),
  mrcNo: text('mrc_no'),
  // The taxpayer's and branch's names KRA holds.
  taxprNm: text('taxpr_nm'),
  bhfNm: text('bhf_nm'),
  initialisedAt: timestamp('initialised_at', { withTimezone: true }).notNull().defaultNow(),
});

// Each item a shop sold, as registered with KRA (saveItem) before its first sale: Soko's code (a
// line's itemCode, or 'delivery') and KRA's (KE2NTU + the shop's seq). registered_at is null until
// KRA accepted it; claimed_until keeps two senders from registering one item at once.
export const etimsItems = pgTable(
  'etims_items',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    itemCode: text('item_code').notNull(),
    seq: integer('seq').notNull(),
    kraItemCode: text('kra_item_code').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.itemCode] }),
    unique('etims_items_shop_seq_key').on(t.shopId, t.seq),
    check('etims_items_seq_positive', sql`${t.seq} > 0`),
  ],
);

// Each tenant's privacy notice (issue 34, decision 048), written by admins; a tenant without a row
// shows the built-in notice naming its shop.
export const privacyNotices = pgTable('privacy_notices', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

// The log of data requests (decision 048): exports, deletions and unsubscribes, written in the
// transaction of the request itself. `reference` is a keyed hash of the person's account (or of
// the consent a link named), never an email or a phone.
export const dataRequests = pgTable(
  'data_requests',
  {
    id: id(),
    kind: text('kind').$type<(typeof DATA_REQUEST_KINDS)[number]>().notNull(),
    reference: text('reference').notNull(),
    detail: text('detail').notNull().default(''),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    check('data_requests_kind', sql`${t.kind} in (${inList(DATA_REQUEST_KINDS)})`),
    index('data_requests_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
