import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/** The part of an order's number fixed by its year: 'SK-26-'. */
export const orderNumberPrefix = (at: Date): string =>
  `SK-${String(at.getUTCFullYear()).slice(-2)}-`;

/**
 * The short number people read out (SK-26-001234: year of the order, then a sequence), as an SQL
 * expression so an order's insert draws it without a round trip of its own. Numbers past 999999
 * grow a digit rather than being cut (lpad alone would cut them). `at` may be a placeholder for
 * the prefix (a statement built once, placing.ts).
 */
export function orderNumberSql(at: Date | Placeholder = new Date()): SQL {
  const prefix = at instanceof Date ? orderNumberPrefix(at) : at;
  return sql`(select ${prefix} || lpad(s.n::text, greatest(6, length(s.n::text)), '0') from (select nextval('order_number_seq') as n) s)`;
}
