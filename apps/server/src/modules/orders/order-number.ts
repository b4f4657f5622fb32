import { sql, type SQL } from 'drizzle-orm';

/**
 * The short number people read out (SK-26-001234: year of the order, then a sequence), as an SQL
 * expression so an order's insert draws it without a round trip of its own. Numbers past 999999
 * grow a digit rather than being cut (lpad alone would cut them).
 */
export function orderNumberSql(at: Date = new Date()): SQL {
  const prefix = `SK-${String(at.getUTCFullYear()).slice(-2)}-`;
  return sql`(select ${prefix} || lpad(s.n::text, greatest(6, length(s.n::text)), '0') from (select nextval('order_number_seq') as n) s)`;
}
