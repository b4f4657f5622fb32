import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db';

/** The short number people read out (SK-26-001234): year of the order, then a sequence. */
export async function nextOrderNumber(tx: Tx, at: Date = new Date()): Promise<string> {
  const result = await tx.execute(sql`select nextval('order_number_seq')::text as n`);
  const n = rowsOf<{ n: string }>(result)[0]?.n;
  if (!n) throw new Error('order_number_seq returned nothing');
  const year = String(at.getUTCFullYear()).slice(-2);
  return `SK-${year}-${n.padStart(6, '0')}`;
}
