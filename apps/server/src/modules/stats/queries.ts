// The dashboard's SQL. Every figure is a sum the database computes over sales_daily, the sales
// of each Nairobi day that triggers keep as orders are sold, cancelled or refunded (schema.ts,
// migration 0009): a month is a few hundred rows however many orders there are. A day is a day
// in Nairobi: the period's bounds are Nairobi dates, and each sale is counted on the Nairobi
// date of its confirmation.
import { STATS_TIME_ZONE, TOP_PRODUCTS_COUNT } from '@soko/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db';

/** Every shop's orders (the admin), or one shop's lines of them (its owner). */
export type StatsScope = { shopId: string | null };

const ZONE = sql.raw(`'${STATS_TIME_ZONE}'`);

/** The period's first and last day (Nairobi dates). */
const period = (days: number) => sql`
  select today - ${days - 1}::int as first_day, today as last_day
  from (select (now() at time zone ${ZONE})::date as today) t`;

// sales_daily's levels (schema.ts).
const MARKETPLACE = 0;
const SHOP = 1;
const PRODUCT = 2;

/** The period's rows of a level: the marketplace's (or a shop's, when it is given). */
function rowsOfPeriod(level: number, shopId: string | null): SQL {
  const ofShop =
    shopId !== null
      ? sql`and s.shop_id = ${shopId}`
      : level === PRODUCT
        ? sql``
        : sql`and s.shop_id is null`;
  return sql`sales_daily s, period
    where s.level = ${level} ${ofShop}
      and s.day between period.first_day and period.last_day`;
}

export type DayRow = {
  date: string;
  cents: number;
  orders: number;
  totalCents: number;
  totalOrders: number;
  averageCents: number;
};

/** Every day of the period, oldest first and zero-filled, with the period's totals on each row. */
export async function salesByDay(db: Db, scope: StatsScope, days: number): Promise<DayRow[]> {
  const rows = rowsOf<Record<keyof DayRow, string | number>>(
    await db.execute(sql`
      with period as (${period(days)}),
      daily as (
        select s.day, sum(s.cents) as cents, sum(s.orders) as orders
        from ${rowsOfPeriod(scope.shopId === null ? MARKETPLACE : SHOP, scope.shopId)}
        group by s.day
      ),
      days as (
        select to_char(period.first_day + i, 'YYYY-MM-DD') as date,
               coalesce(daily.cents, 0) as cents, coalesce(daily.orders, 0) as orders
        from period
        cross join generate_series(0, ${days - 1}::int) i
        left join daily on daily.day = period.first_day + i
      )
      select date, cents::float8 as "cents", orders::int as "orders",
             sum(cents) over ()::float8 as "totalCents",
             sum(orders) over ()::int as "totalOrders",
             coalesce(round(sum(cents) over () / nullif(sum(orders) over (), 0)), 0)::float8
               as "averageCents"
      from days order by date`),
  );
  // float8 holds whole cents exactly far beyond any shop's turnover; both drivers answer it as
  // a number, where bigint would come back as text.
  return rows.map((row) => ({
    date: String(row.date),
    cents: Number(row.cents),
    orders: Number(row.orders),
    totalCents: Number(row.totalCents),
    totalOrders: Number(row.totalOrders),
    averageCents: Number(row.averageCents),
  }));
}

export type TopProductRow = {
  productId: string | null;
  name: string;
  units: number;
  cents: number;
};

/** The period's best sellers by sales; a product removed for good is grouped by its name. */
export async function topProducts(
  db: Db,
  { shopId }: StatsScope,
  days: number,
): Promise<TopProductRow[]> {
  return rowsOf<TopProductRow>(
    await db.execute(sql`
      with period as (${period(days)}),
      sold as (
        select s.product_key, s.product_id, max(s.name) as last_name,
               sum(s.units) as units, sum(s.cents) as cents
        from ${rowsOfPeriod(PRODUCT, shopId)}
        group by s.product_key, s.product_id
        having sum(s.units) > 0
      )
      -- A product shows under its name today; one removed for good since, under the name it
      -- was sold by, and without a page to link to.
      select p.id as "productId", coalesce(p.name, sold.last_name) as name,
             sold.units::int as units, sold.cents::float8 as cents
      from sold left join products p on p.id = sold.product_id
      order by sold.cents desc, sold.units desc, 2
      limit ${TOP_PRODUCTS_COUNT}`),
  ).map((row) => ({ ...row, units: Number(row.units), cents: Number(row.cents) }));
}

/**
 * Orders with something still to send, whenever they were placed: an order stays confirmed
 * while any of its parts is; a shop counts the orders whose part of its own is still to send.
 */
export async function waitingToShip(db: Db, { shopId }: StatsScope): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(
      shopId === null
        ? sql`select count(*)::int as count from orders where status = 'confirmed'`
        : sql`select count(*)::int as count from orders o
              where o.status = 'confirmed'
                and exists (select 1 from order_parts p
                            where p.order_id = o.id and p.shop_id = ${shopId}
                              and p.status = 'confirmed')`,
    ),
  );
  return Number(row?.count ?? 0);
}

/**
 * Orders placed from a recovery link (decision 043) and paid in the period, by the Nairobi date
 * of their payment, and their totals: the marketplace's. An order paid and later refunded or
 * reversed no longer counts.
 */
export async function recoveredOrders(
  db: Db,
  days: number,
): Promise<{ orders: number; cents: number }> {
  const [row] = rowsOf<{ orders: number; cents: number }>(
    await db.execute(sql`
      with period as (${period(days)})
      select count(*)::int as orders, coalesce(sum(o.total_cents), 0)::float8 as cents
        from orders o, period
       where o.recovered_from is not null and o.paid_at is not null
         and o.status in ('paid', 'confirmed', 'shipped', 'delivered')
         and (o.paid_at at time zone ${ZONE})::date between period.first_day and period.last_day`),
  );
  return { orders: Number(row?.orders ?? 0), cents: Number(row?.cents ?? 0) };
}
