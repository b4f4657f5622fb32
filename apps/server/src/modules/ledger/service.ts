// What the marketplace owes each shop (issue 17, DESIGN "Ledger"). Sales and their undoing are
// written by the database's triggers as orders move (migration 0010); this module reads the
// entries, records payouts and sets commissions (through the shops module, the shops table's
// one writer). A balance is always the sum of the entries.
import {
  LEDGER_PAGE_SIZE,
  LEDGER_SHOPS_PAGE_SIZE,
  centsAsDecimal,
  formatKsh,
  fromCents,
  isUuid,
  percentFromBps,
  toCents,
  type LedgerEntryKind,
  type LedgerShops,
  type PayoutMethod,
  type PayoutRequest,
  type ShopLedger,
  type ShopOwed,
} from '@soko/contract';
import { eq, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { rowsOf, type Db, type Tx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { ledgerEntries, ledgerSettings, orderParts, shops } from '../../platform/schema';
import { setShopCommission } from '../shops';

/**
 * Writes the marketplace's default commission where the ledger's triggers read it. Called at
 * start, before the demo is seeded (its past orders are credited at this rate).
 */
export async function applyDefaultCommission(db: Db, bps: number): Promise<void> {
  await db
    .insert(ledgerSettings)
    .values({ id: true, defaultCommissionBps: bps })
    .onConflictDoUpdate({ target: ledgerSettings.id, set: { defaultCommissionBps: bps } });
}

type ShopMoneyRow = {
  id: string;
  name: string;
  owner_email: string;
  commission_bps: number | null;
  default_bps: number;
  balance: string;
  pending: string;
  earned: string;
  paid_out: string;
};

// Sums come back from the driver as text (bigint): whole cents, exact as numbers up to 2^53.
const cents = (value: string | number | null) => Number(value ?? 0);

const shopMoney = (row: ShopMoneyRow) => ({
  shopId: row.id,
  shopName: row.name,
  commissionPercent: percentFromBps(row.commission_bps ?? row.default_bps),
  commissionIsDefault: row.commission_bps === null,
  balance: fromCents(cents(row.balance)),
  pending: fromCents(cents(row.pending)),
  available: fromCents(cents(row.balance) - cents(row.pending)),
});

// A part's entries are pending until the part is delivered: goods paid online are credited when
// the money is in, but the shopper may still cancel or the provider reverse before they arrive,
// so only delivered parts (and payouts) make the balance that may be paid out. A part cancelled
// before delivery has its sale and its undoing both pending: they cancel out there.
const PENDING = sql`e.part_id is not null and p.status <> 'delivered'`;

const shopMoneySql = (where: ReturnType<typeof sql>, tail = sql``) => sql`
  select s.id, s.name, s.owner_email, s.commission_bps,
         (select default_commission_bps from ${ledgerSettings}) as default_bps,
         coalesce(sum(e.amount_cents), 0) as balance,
         coalesce(sum(e.amount_cents) filter (where ${PENDING}), 0) as pending,
         coalesce(sum(e.amount_cents) filter (where e.kind <> 'payout'), 0) as earned,
         coalesce(-sum(e.amount_cents) filter (where e.kind = 'payout'), 0) as paid_out
    from ${shops} s
    left join ${ledgerEntries} e on e.shop_id = s.id
    left join ${orderParts} p on p.id = e.part_id
   where ${where}
   group by s.id
   ${tail}`;

async function shopMoneyRow(db: Db | Tx, shopId: string): Promise<ShopMoneyRow> {
  if (!isUuid(shopId)) throw notFound('Shop not found.');
  const [row] = rowsOf<ShopMoneyRow>(await db.execute(shopMoneySql(sql`s.id = ${shopId}`)));
  if (!row) throw notFound('Shop not found.');
  return row;
}

type EntryRow = {
  id: string;
  kind: LedgerEntryKind;
  created_at: string | Date;
  amount_cents: string;
  balance_after: string;
  gross_cents: string | null;
  commission_cents: string | null;
  commission_bps: number | null;
  order_id: string | null;
  order_number: string | null;
  method: PayoutMethod | null;
  reference: string | null;
  note: string | null;
};

const money = (value: string | null) => (value === null ? null : fromCents(cents(value)));

/** A shop's balance and one page of its history, newest first, each with the balance after it. */
export async function shopLedger(db: Db, shopId: string, page: number): Promise<ShopLedger> {
  const shop = await shopMoneyRow(db, shopId);
  const [{ total } = { total: 0 }] = rowsOf<{ total: number }>(
    await db.execute(
      sql`select count(*)::int as total from ${ledgerEntries} where shop_id = ${shopId}`,
    ),
  );
  // The running balance is summed over the shop's whole history in the order of writing, then
  // the page is cut from it: a page's figures agree with every other page's.
  const rows = rowsOf<EntryRow>(
    await db.execute(sql`
      with running as (
        select e.*, sum(e.amount_cents) over (order by e.seq) as balance_after
          from ${ledgerEntries} e where e.shop_id = ${shopId}
      )
      select r.id, r.kind, r.created_at, r.amount_cents, r.balance_after, r.gross_cents,
             r.commission_cents, r.commission_bps, r.order_id, o.order_number, r.method,
             r.reference, r.note
        from running r left join orders o on o.id = r.order_id
       order by r.seq desc
       limit ${LEDGER_PAGE_SIZE} offset ${(page - 1) * LEDGER_PAGE_SIZE}`),
  );
  return {
    ...shopMoney(shop),
    page,
    total,
    entries: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      at: new Date(row.created_at).toISOString(),
      amount: fromCents(cents(row.amount_cents)),
      balanceAfter: fromCents(cents(row.balance_after)),
      gross: money(row.gross_cents),
      commission: money(row.commission_cents),
      commissionPercent: row.commission_bps === null ? null : percentFromBps(row.commission_bps),
      orderId: row.order_id,
      orderNumber: row.order_number,
      method: row.method,
      reference: row.reference,
      note: row.note,
    })),
  };
}

const owed = (row: ShopMoneyRow): ShopOwed => ({
  ...shopMoney(row),
  ownerEmail: row.owner_email,
  earned: fromCents(cents(row.earned)),
  paidOut: fromCents(cents(row.paid_out)),
});

/** Every shop and what it is owed, most owed first (name, then id, breaking ties). */
export async function ledgerShops(db: Db, page: number): Promise<LedgerShops> {
  const [rows, totals] = await Promise.all([
    db.execute(
      shopMoneySql(
        sql`true`,
        sql`order by balance desc, s.name, s.id
            limit ${LEDGER_SHOPS_PAGE_SIZE} offset ${(page - 1) * LEDGER_SHOPS_PAGE_SIZE}`,
      ),
    ),
    db.execute(sql`
      select (select count(*)::int from ${shops}) as total,
             (select coalesce(sum(e.amount_cents), 0) from ${ledgerEntries} e) as owed,
             (select coalesce(sum(e.amount_cents), 0)
                from ${ledgerEntries} e join ${orderParts} p on p.id = e.part_id
               where ${PENDING}) as pending,
             (select default_commission_bps from ${ledgerSettings}) as default_bps`),
  ]);
  const [summary] = rowsOf<{ total: number; owed: string; pending: string; default_bps: number }>(
    totals,
  );
  if (!summary) throw new Error('the ledger summary returned no row');
  return {
    defaultCommissionPercent: percentFromBps(summary.default_bps),
    totalOwed: fromCents(cents(summary.owed)),
    totalPending: fromCents(cents(summary.pending)),
    totalAvailable: fromCents(cents(summary.owed) - cents(summary.pending)),
    page,
    total: summary.total,
    shops: rowsOf<ShopMoneyRow>(rows).map(owed),
  };
}

/**
 * What each shop is owed, as CSV for the bank run: a byte order mark for Excel, formulas
 * escaped (a shop's name is the owner's text), money as plain decimals.
 */
export function ledgerShopsCsv(db: Db): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [
      'Shop ID',
      'Shop',
      'Owner email',
      'Commission (%)',
      'Earned (Ksh)',
      'Paid out (Ksh)',
      'Owed (Ksh)',
      'Pending delivery (Ksh)',
      'Available (Ksh)',
    ],
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  async function* records() {
    const rows = rowsOf<ShopMoneyRow>(
      await db.execute(shopMoneySql(sql`true`, sql`order by balance desc, s.name, s.id`)),
    );
    for (const row of rows) {
      yield [
        row.id,
        row.name,
        row.owner_email,
        String(percentFromBps(row.commission_bps ?? row.default_bps)),
        centsAsDecimal(cents(row.earned)),
        centsAsDecimal(cents(row.paid_out)),
        centsAsDecimal(cents(row.balance)),
        centsAsDecimal(cents(row.pending)),
        centsAsDecimal(cents(row.balance) - cents(row.pending)),
      ];
    }
  }
  const source = Readable.from(records());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

/**
 * Records money paid to a shop, taken off what it is owed. Only the available balance (parts
 * delivered, less payouts) may be paid: a sale still pending can yet be cancelled or reversed,
 * and paying it out first would leave the shop owing the marketplace. The shop's row is locked
 * while its balance is read and the payout written, so two payouts at once cannot both spend
 * the same available balance (the second reads after the first commits); a payout larger than
 * it is refused (409), whatever the browser showed.
 */
export async function recordPayout(
  db: Db,
  shopId: string,
  payout: PayoutRequest,
  actorUserId: string,
): Promise<{ ledger: ShopLedger; payoutId: string; amountCents: number }> {
  if (!isUuid(shopId)) throw notFound('Shop not found.');
  const amountCents = toCents(payout.amount);
  const payoutId = await db.transaction(async (tx) => {
    const [shop] = await tx
      .select({ id: shops.id })
      .from(shops)
      .where(eq(shops.id, shopId))
      .for('update');
    if (!shop) throw notFound('Shop not found.');
    const row = await shopMoneyRow(tx, shopId);
    const pendingCents = cents(row.pending);
    const availableCents = cents(row.balance) - pendingCents;
    if (amountCents > availableCents) {
      const available = formatKsh(fromCents(Math.max(availableCents, 0)));
      const pending =
        pendingCents > 0
          ? ` ${formatKsh(fromCents(pendingCents))} more is pending until its orders are delivered.`
          : '';
      throw conflict(
        'payout_exceeds_balance',
        `The payout is more than the shop’s available balance (${available}).${pending}`,
        { available: fromCents(availableCents), pending: fromCents(pendingCents) },
      );
    }
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        shopId,
        kind: 'payout',
        amountCents: -amountCents,
        method: payout.method,
        reference: payout.reference,
        note: payout.note || null,
        actorUserId,
      })
      .returning({ id: ledgerEntries.id });
    if (!entry) throw new Error('payout insert returned nothing');
    return entry.id;
  });
  return { ledger: await shopLedger(db, shopId, 1), payoutId, amountCents };
}

/** Sets a shop's own commission (basis points), or null to follow the default. New sales only. */
export async function setCommission(
  db: Db,
  shopId: string,
  bps: number | null,
): Promise<ShopLedger> {
  if (!isUuid(shopId)) throw notFound('Shop not found.');
  if (!(await setShopCommission(db, shopId, bps))) throw notFound('Shop not found.');
  return shopLedger(db, shopId, 1);
}
