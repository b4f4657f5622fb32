// The log of data requests (decision 048): exports, deletions and unsubscribes, each written in
// the transaction of the request, with a keyed reference and never an address.
import type { DataRequestKind, DataRequestPage } from '@soko/contract';
import { desc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { dataRequests } from '../../platform/schema';

export async function logDataRequest(
  tx: Db | Tx,
  request: { kind: DataRequestKind; reference: string; detail: string },
): Promise<void> {
  await tx.insert(dataRequests).values(request);
}

/** A page of the log, newest first. */
export async function listDataRequests(
  db: Db,
  page: number,
  pageSize: number,
): Promise<DataRequestPage> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(dataRequests)
      .orderBy(desc(dataRequests.at), desc(dataRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(dataRequests),
  ]);
  return {
    requests: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      reference: row.reference,
      detail: row.detail,
      at: row.at.toISOString(),
    })),
    total: counted?.total ?? 0,
    page,
    pageSize,
  };
}
