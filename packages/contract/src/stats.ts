// The dashboard's figures (issue 15): sales, orders, average order value, orders waiting to
// ship, the days drawn as charts and the best-selling products, for the admin (every shop) or
// one shop. The database computes every figure; the browser only draws them.
import { z } from 'zod';

export const STATS_DAYS = { min: 7, max: 365, default: 30 } as const;
/** The periods the dashboard offers; the API takes any whole number of days in range. */
export const STATS_PERIODS = [7, 30, 90] as const;
/** Days are counted in Kenya's time: a sale at 01:00 in Nairobi belongs to that day. */
export const STATS_TIME_ZONE = 'Africa/Nairobi';
export const TOP_PRODUCTS_COUNT = 5;

/** GET /api/stats/overview?days= and GET /api/property/shop/:shopId/stats?days= */
export const statsQuerySchema = z.strictObject({
  days: z.coerce
    .number('Must be a number of days.')
    .int('Must be a whole number of days.')
    .min(STATS_DAYS.min, `At least ${STATS_DAYS.min} days.`)
    .max(STATS_DAYS.max, `At most ${STATS_DAYS.max} days.`)
    .default(STATS_DAYS.default),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const statsDaySchema = z.object({
  date: isoDate,
  /** Ksh. */
  sales: z.number(),
  orders: z.number().int(),
});

export const topProductSchema = z.object({
  /** Null once the product has been removed for good (its name stays on the orders). */
  productId: z.string().nullable(),
  name: z.string(),
  units: z.number().int(),
  /** Ksh. */
  sales: z.number(),
});

export const statsOverviewSchema = z.object({
  /** The first day of the period, in Nairobi time. */
  from: isoDate,
  /** Today, in Nairobi time. */
  to: isoDate,
  /** Ksh: the totals of orders confirmed in the period (for a shop: its lines). */
  sales: z.number(),
  orders: z.number().int(),
  /** Ksh; 0 when there were no orders. */
  averageOrderValue: z.number(),
  /** Confirmed orders not sent yet, whenever they were placed. */
  waitingToShip: z.number().int(),
  /** One entry per day of the period, oldest first, days without sales at zero. */
  daily: z.array(statsDaySchema),
  /** The best sellers of the period by sales, at most five. */
  topProducts: z.array(topProductSchema),
  /**
   * Orders placed from an unpaid order's recovery link and paid in the period, and their Ksh
   * total (decision 043). The marketplace's dashboard only; a shop's answers none.
   */
  recovered: z.object({ orders: z.number().int(), sales: z.number() }).optional(),
});
export type StatsOverview = z.infer<typeof statsOverviewSchema>;
export type StatsDay = z.infer<typeof statsDaySchema>;
export type TopProduct = z.infer<typeof topProductSchema>;
