// The dashboard's figures in the contract's shape: the queries compute them in cents, the API
// answers Ksh like every other call.
import { fromCents, type StatsOverview } from '@soko/contract';
import type { Db } from '../../platform/db';
import {
  recoveredOrders,
  salesByDay,
  topProducts,
  waitingToShip,
  type StatsScope,
} from './queries';

export async function statsOverview(
  db: Db,
  scope: StatsScope,
  days: number,
): Promise<StatsOverview> {
  const [daily, top, waiting, recovered] = await Promise.all([
    salesByDay(db, scope, days),
    topProducts(db, scope, days),
    waitingToShip(db, scope),
    scope.shopId === null ? recoveredOrders(db, days) : null,
  ]);
  const first = daily[0];
  const last = daily.at(-1);
  if (!first || !last) throw new Error(`the period of ${days} days held no day`);
  return {
    from: first.date,
    to: last.date,
    sales: fromCents(first.totalCents),
    orders: first.totalOrders,
    averageOrderValue: fromCents(first.averageCents),
    waitingToShip: waiting,
    daily: daily.map((day) => ({
      date: day.date,
      sales: fromCents(day.cents),
      orders: day.orders,
    })),
    topProducts: top.map((product) => ({
      productId: product.productId,
      name: product.name,
      units: product.units,
      sales: fromCents(product.cents),
    })),
    ...(recovered
      ? { recovered: { orders: recovered.orders, sales: fromCents(recovered.cents) } }
      : {}),
  };
}
