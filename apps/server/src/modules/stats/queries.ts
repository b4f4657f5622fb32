// The dashboard's SQL. Every figure is an aggregate the database computes over the period's
// sold orders (never a list the server or the browser adds up), read through the partial index
// orders_sold_confirmed_idx. A day is a day in Nairobi: the period's bounds are Nairobi
// midnights, and each sale is bucketed by its confirmed_at read in Nairobi time.
import { SOLD_STATUSES, STATS_TIME_ZONE, TOP_PRODUCTS_COUNT } from '@soko/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db';

/** Every shop's orders (the admin), or one shop's lines of them (its owner). */
export type StatsScope = { shopId: string | null };

// Constants of the contract written into the text, not bound: the planner must see them to use
// the partial index whose predicate names the same states (schema.ts).
export const SOLD_STATUS_LIST = sql.raw(
  [...SOLD_STATUSES].map((status) => `'${status}'`).join(', '),
);
const ZONE = sql.raw(`'${STATS_TIME_ZONE}'`);

/** The period's first and last day (Nairobi dates) and the instants that bound it. */
const period = (days: number) => sql`
  select first_day, last_day,
         first_day::timestamp at time zone ${ZONE} as starts,
         (last_day + 1)::timestamp at time zone ${ZONE} as ends
  from (select today - ${days - 1}::int as first_day, today as last_day
        from (select (now() at time zone ${ZONE})::date as today) t) d`;

// For a month the period holds a few thousand of a year's orders: fetching their lines order by
// order through order_lines_order_idx is 2 to 3 times faster than the hash join over every line
// the planner picks (EXPLAIN ANALYZE at 100,000 orders, BENCHMARKS.md), and 3 times slower over
// a year. `offset 0` keeps the planner from flattening the per-order lookup into that join.
const LOOKUP_LINES_UP_TO_DAYS = 31;

/** The period's sold orders `o` with their lines `l` (of one shop, when it is given). */
function soldLines(days: number, shopId: string | null): SQL {
  // A shop's part cancelled after the order was confirmed is no sale of that shop.
  const notCancelled = sql`and not exists (select 1 from order_parts p
    where p.order_id = l.order_id and p.shop_id = l.shop_id and p.status = 'cancelled')`;
  const ofShop = shopId === null ? notCancelled : sql`and l.shop_id = ${shopId} ${notCancelled}`;
  const orders = sql`select o.id, o.confirmed_at from orders o, period
    where o.status in (${SOLD_STATUS_LIST})
      and o.confirmed_at >= period.starts and o.confirmed_at < period.ends`;
  return days <= LOOKUP_LINES_UP_TO_DAYS
    ? sql`(${orders}) o cross join lateral (
        select l.product_id, l.name, l.quantity, l.unit_price_cents from order_lines l
        where l.order_id = o.id ${ofShop} offset 0) l`
    : sql`(${orders}) o join order_lines l on l.order_id = o.id ${ofShop}`;
}

/**
 * One row per sale in the period: its Nairobi day, its order and its amount in cents. For the
 * admin the order's total; for a shop its lines of the order.
 */
function sales({ shopId }: StatsScope, days: number): SQL {
  const day = sql`(o.confirmed_at at time zone ${ZONE})::date`;
  return shopId === null
    ? sql`select ${day} as day, o.id as order_id,
                 o.total_cents::bigint - coalesce((select sum(p.subtotal_cents) from order_parts p
                   where p.order_id = o.id and p.status = 'cancelled'), 0) as cents
          from orders o, period
          where o.status in (${SOLD_STATUS_LIST})
            and o.confirmed_at >= period.starts and o.confirmed_at < period.ends`
    : sql`select ${day} as day, o.id as order_id,
                 sum(l.unit_price_cents::bigint * l.quantity) as cents
          from ${soldLines(days, shopId)}
          group by o.id, o.confirmed_at`;
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
      sold as (${sales(scope, days)}),
      daily as (
        select day, sum(cents) as cents, count(*) as orders from sold group by day
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
      with period as (${period(days)})
      select l.product_id as "productId",
             (array_agg(l.name order by o.confirmed_at desc))[1] as name,
             sum(l.quantity)::int as units,
             sum(l.unit_price_cents::bigint * l.quantity)::float8 as cents
      from ${soldLines(days, shopId)}
      group by l.product_id, case when l.product_id is null then l.name end
      order by cents desc, units desc, name
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
