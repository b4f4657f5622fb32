// eTIMS against a fake of KRA's OSCU API on loopback (decision 046), through HTTP where a route is
// involved: the device initialised before eTIMS is turned on, failing closed; receipts sent once
// with KRA's data and QR stored, their items registered once; a crash after KRA accepted a sale
// still makes exactly one sale; a refusal kept and resent after a fix; KRA unreachable retried
// with back-off; a shop without a device waits and says why; who may resend.
import {
  apiErrorSchema,
  orderReceiptsSchema,
  ETIMS_NOT_RESENDABLE,
  ETIMS_UNREACHABLE,
  etimsDeviceRefusedText,
  fromCents,
  receiptEtimsSchema,
  splitVat,
  taxProfileResponseSchema,
  type AuthResponse,
  type Receipt,
  type TaxProfileInput,
  type TaxType,
} from '@soko/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OSCU_MESSAGES, startFakeOscu, type FakeOscu } from '../../../test/fake-oscu';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoMarket, httpClient } from '../../../test/http';
import { makeProduct } from '../../../test/order-fixtures';
import { rowsOf } from '../../platform/db';
import { etimsDevices, etimsItems, orderParts, receipts, shops } from '../../platform/schema';
import { createOscuClient } from './oscu';
import { qrDataOf } from './qr';
import { receiptEtimsOf } from './receipt-etims';
import { createEtimsWorker, NO_DEVICE_REASON, type EtimsWorker } from './sender';

let t: TestApp;
let fake: FakeOscu;
let owner: AuthResponse;
let owner2: AuthResponse;
let admin: AuthResponse;
let shopper: AuthResponse;
let shopA: string;
let shopB: string;
let worker: EtimsWorker;

const { call, placeOrder, deliverParts } = httpClient(() => t);
const PORTAL = 'https://etims-sbx.kra.go.ke';
const DEVICE = { tin: 'P051234567X', bhfId: '00', dvcSrlNo: 'KRACU0100000123' };
const PROFILE: TaxProfileInput = {
  kraPin: DEVICE.tin,
  vatRegistered: true,
  etims: { enabled: true, bhfId: DEVICE.bhfId, dvcSrlNo: DEVICE.dvcSrlNo },
};

beforeAll(async () => {
  fake = await startFakeOscu();
  fake.device(DEVICE);
  t = await createTestApp({ env: { ETIMS_BASE_URL: fake.url } });
  ({ admin, owner, owner2, shopper, shopA, shopB } = await demoMarket(t, false));
  // This file's own sender, beside the server's (both claim with SKIP LOCKED): a retry waits a
  // minute, so a test sees the back-off before it makes the row due again.
  worker = createEtimsWorker(t.database.db, createOscuClient({ baseUrl: fake.url }), {
    qrPortal: PORTAL,
    retryBaseMs: 60_000,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const profileUrl = (shopId: string) => `/api/property/shop/${shopId}/tax-profile`;
const resendUrl = (shopId: string, receiptId: string) =>
  `/api/property/shop/${shopId}/receipts/${receiptId}/etims/resend`;

type Sold = { code: string; quantity: number; unitKsh: number; taxType: TaxType };

/**
 * A pending receipt of `shopId` for a real order's part (decision 045's row, written as its
 * issuing does): lines with their VAT split per type, numbered next in the shop's sequence.
 */
async function pendingReceipt(shopId: string, sold: Sold[]): Promise<string> {
  const product = await makeProduct(t.database.db, { payOnOrder: false, shopId, stock: 50 });
  const placed = await placeOrder(shopper.token, [product], 1);
  const confirmed = await placed.checkout();
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [part] = await t.database.db
    .select({ id: orderParts.id })
    .from(orderParts)
    .where(and(eq(orderParts.orderId, placed._id), eq(orderParts.shopId, shopId)));
  if (!part) throw new Error('no part');
  const split = splitVat(
    sold.map((line) => ({
      taxType: line.taxType,
      amountCents: line.unitKsh * 100 * line.quantity,
    })),
  );
  const body = {
    orderNumber: 'SK-1',
    seller: {
      name: 'Test shop',
      kraPin: DEVICE.tin,
      address: 'Moi Avenue',
      phone: null,
      email: null,
      vatRegistered: true,
    },
    buyer: { name: 'Achieng Odhiambo', kraPin: null },
    payment: 'Cash on delivery',
    lines: sold.map((line, index) => ({
      name: line.code,
      variantLabel: null,
      itemCode: line.code,
      quantity: line.quantity,
      unitPrice: line.unitKsh,
      amount: line.unitKsh * line.quantity,
      discount: 0,
      taxType: line.taxType,
      vat: fromCents(split.lineVatCents[index] ?? 0),
    })),
    delivery: null,
    rates: Object.entries(split.byType)
      .filter(([, totals]) => totals.totalCents > 0)
      .map(([type, totals]) => ({
        taxType: type as TaxType,
        ratePercent: totals.ratePercent,
        amount: fromCents(totals.totalCents),
        taxable: fromCents(totals.taxableCents),
        vat: fromCents(totals.vatCents),
      })),
    total: fromCents(split.totalCents),
    taxable: fromCents(split.taxableCents),
    vat: fromCents(split.vatCents),
  } satisfies Partial<Receipt>;
  // The shop's next number, taken from its counter as issuing takes it (decision 045).
  const [{ next } = { next: 1 }] = rowsOf<{ next: number }>(
    await t.database.db.execute(sql`
      insert into receipt_counters (shop_id, last_number) values (${shopId}, 1)
      on conflict (shop_id) do update set last_number = receipt_counters.last_number + 1
      returning last_number as next`),
  );
  const [row] = await t.database.db
    .insert(receipts)
    .values({
      shopId,
      orderId: placed._id,
      partId: part.id,
      kind: 'receipt',
      number: next,
      body,
      totalCents: split.totalCents,
      vatCents: split.vatCents,
      etimsStatus: 'pending',
      etimsNextAttemptAt: new Date(),
    })
    .returning({ id: receipts.id });
  if (!row) throw new Error('no receipt');
  return row.id;
}

const receiptRow = async (id: string) => {
  const [row] = await t.database.db.select().from(receipts).where(eq(receipts.id, id));
  if (!row) throw new Error('no receipt row');
  return row;
};
const salesOf = (trdInvcNo: string) =>
  fake.sales.filter((sale) => sale.request.trdInvcNo === trdInvcNo);
const makeDue = (id: string) =>
  t.database.db
    .update(receipts)
    .set({ etimsNextAttemptAt: sql`now()` })
    .where(eq(receipts.id, id));
/** Until the receipt leaves `pending` (the server's own sender may be the one that sends it). */
async function settled(id: string) {
  for (let round = 0; round < 50; round += 1) {
    await worker.drain();
    const row = await receiptRow(id);
    if (row.etimsStatus !== 'pending') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return receiptRow(id);
}

describe('the device, initialised before eTIMS is turned on', () => {
  it('refused by KRA: its reason at the device serial (422), and nothing saved', async () => {
    const res = await call('PUT', profileUrl(shopA), owner.token, {
      ...PROFILE,
      etims: { enabled: true, bhfId: '00', dvcSrlNo: 'NOT-A-KRA-SERIAL' },
    });
    expect(res.statusCode, res.body).toBe(422);
    const error = apiErrorSchema.parse(res.json()).error;
    expect(error.fields).toEqual({
      'etims.dvcSrlNo': etimsDeviceRefusedText('901', OSCU_MESSAGES['901'] ?? ''),
    });
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, shopA));
    expect(shop).toMatchObject({ kraPin: null, vatRegistered: false, etimsEnabled: false });
    expect(await t.database.db.select().from(etimsDevices)).toEqual([]);
  });

  it('KRA unreachable: 502 with the reason at the device serial, and nothing saved', async () => {
    fake.down();
    try {
      const res = await call('PUT', profileUrl(shopA), owner.token, PROFILE);
      expect(res.statusCode, res.body).toBe(502);
      expect(apiErrorSchema.parse(res.json()).error.fields).toEqual({
        'etims.dvcSrlNo': ETIMS_UNREACHABLE,
      });
    } finally {
      fake.up();
    }
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, shopA));
    expect(shop?.etimsEnabled).toBe(false);
    expect(await t.database.db.select().from(etimsDevices)).toEqual([]);
  });

  it('accepted by KRA: the profile saved with the device and its cmcKey kept', async () => {
    const res = await call('PUT', profileUrl(shopA), owner.token, PROFILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(taxProfileResponseSchema.parse(res.json()).etims).toEqual({
      enabled: true,
      ...PROFILE.etims,
    });
    const installed = fake.installed(DEVICE);
    const [device] = await t.database.db
      .select()
      .from(etimsDevices)
      .where(eq(etimsDevices.shopId, shopA));
    expect(device).toMatchObject({
      ...DEVICE,
      cmcKey: installed?.cmcKey,
      sdcId: installed?.sdcId,
      mrcNo: installed?.mrcNo,
    });
    // Saved again unchanged, KRA is not asked again (it answers 902 to a second initialisation).
    const before = fake.calls.length;
    expect((await call('PUT', profileUrl(shopA), owner.token, PROFILE)).statusCode).toBe(200);
    expect(fake.calls.length).toBe(before);
  });
});

describe('sending receipts', () => {
  it('sends a sale once and stores KRA’s numbers, internal data, signature and QR', async () => {
    const id = await pendingReceipt(shopA, [
      { code: 'SKU-KETTLE', quantity: 1, unitKsh: 1160, taxType: 'B' },
      { code: 'SKU-BREAD', quantity: 2, unitKsh: 54, taxType: 'E' },
    ]);
    const row = await settled(id);
    const number = `R-${String(row.number).padStart(6, '0')}`;
    const [sale] = salesOf(number);
    expect(salesOf(number)).toHaveLength(1);
    expect(sale?.request).toMatchObject({
      trdInvcNo: number,
      invcNo: row.number,
      rcptTyCd: 'S',
      taxblAmtB: 1160,
      taxAmtB: 160,
      taxblAmtE: 108,
      taxAmtE: 8,
      totAmt: 1268,
      pmtTyCd: '01',
    });
    const installed = fake.installed(DEVICE);
    expect(row).toMatchObject({
      etimsStatus: 'sent',
      etimsKraReceiptNumber: Number(sale?.data.curRcptNo),
      etimsTotalReceiptNumber: Number(sale?.data.totRcptNo),
      etimsInternalData: sale?.data.intrlData,
      etimsSignature: sale?.data.rcptSign,
      etimsSdcId: installed?.sdcId,
      etimsMrcNo: installed?.mrcNo,
      etimsQrData: qrDataOf(PORTAL, DEVICE, sale?.data.rcptSign ?? ''),
      etimsRefusalCode: null,
    });
    expect(row.etimsQrData).toBe(
      `${PORTAL}/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00${sale?.data.rcptSign}`,
    );
    expect(row.etimsSignedAt).toBeInstanceOf(Date);
    const etims = receiptEtimsOf(row);
    expect(receiptEtimsSchema.parse(etims)).toMatchObject({
      status: 'sent',
      signature: sale?.data.rcptSign,
      qrData: row.etimsQrData,
      refusal: null,
      pendingReason: null,
    });
  });

  it('registers each item with KRA once, before its first sale, across two sales', async () => {
    const first = await settled(
      await pendingReceipt(shopA, [{ code: 'SKU-SOAP', quantity: 1, unitKsh: 116, taxType: 'B' }]),
    );
    const second = await settled(
      await pendingReceipt(shopA, [{ code: 'SKU-SOAP', quantity: 3, unitKsh: 116, taxType: 'B' }]),
    );
    expect([first.etimsStatus, second.etimsStatus]).toEqual(['sent', 'sent']);
    const [item] = await t.database.db
      .select()
      .from(etimsItems)
      .where(and(eq(etimsItems.shopId, shopA), eq(etimsItems.itemCode, 'SKU-SOAP')));
    expect(item?.registeredAt).toBeInstanceOf(Date);
    expect(item?.kraItemCode).toMatch(/^KE2NTU\d{7}$/);
    const saves = fake.itemSaves.filter((save) => save.itemCd === item?.kraItemCode);
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toMatchObject({ itemNm: 'SKU-SOAP', taxTyCd: 'B', dftPrc: 116 });
    // Registered before the first sale that holds it.
    const registeredAt = fake.calls.findIndex(
      (each) =>
        each.path === 'saveItem' && (each.body as { itemCd?: string }).itemCd === item?.kraItemCode,
    );
    const soldAt = fake.calls.findIndex(
      (each) =>
        each.path === 'saveTrnsSalesOsdc' &&
        (each.body as { itemList: { itemCd: string }[] }).itemList.some(
          (line) => line.itemCd === item?.kraItemCode,
        ),
    );
    expect(registeredAt).toBeGreaterThanOrEqual(0);
    expect(registeredAt).toBeLessThan(soldAt);
  });

  it('makes exactly one sale when the worker dies after KRA accepted, before it stored the answer', async () => {
    fake.dropAfterAccept(1);
    const id = await pendingReceipt(shopA, [
      { code: 'SKU-KETTLE', quantity: 1, unitKsh: 1160, taxType: 'B' },
    ]);
    await worker.drain();
    const cut = await receiptRow(id);
    const number = `R-${String(cut.number).padStart(6, '0')}`;
    // KRA holds the sale; we hold nothing of it yet, and try again later.
    expect(salesOf(number)).toHaveLength(1);
    expect(cut).toMatchObject({ etimsStatus: 'pending', etimsSignature: null, etimsAttempts: 1 });
    expect(cut.etimsNextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    await makeDue(id);
    const row = await settled(id);
    expect(salesOf(number)).toHaveLength(1);
    const [sale] = salesOf(number);
    expect(row).toMatchObject({
      etimsStatus: 'sent',
      etimsKraReceiptNumber: Number(sale?.data.curRcptNo),
      etimsSignature: sale?.data.rcptSign,
      etimsInternalData: sale?.data.intrlData,
    });
    // The same sale was sent twice, and answered with the first's data.
    const sends = fake.calls.filter(
      (each) =>
        each.path === 'saveTrnsSalesOsdc' &&
        (each.body as { trdInvcNo?: string }).trdInvcNo === number,
    );
    expect(sends).toHaveLength(2);
  });

  it('keeps a refusal with KRA’s code and message, and sends it again after the owner’s resend', async () => {
    fake.refuseNext('910', 'Request parameter error: custTin');
    const id = await pendingReceipt(shopA, [
      { code: 'SKU-BREAD', quantity: 1, unitKsh: 54, taxType: 'E' },
    ]);
    const refused = await settled(id);
    expect(refused).toMatchObject({
      etimsStatus: 'refused',
      etimsRefusalCode: '910',
      etimsRefusalMessage: 'Request parameter error: custTin',
      etimsNextAttemptAt: null,
    });
    expect(receiptEtimsOf(refused).refusal).toEqual({
      code: '910',
      message: 'Request parameter error: custTin',
    });
    // Not retried by itself.
    await worker.drain();
    expect((await receiptRow(id)).etimsStatus).toBe('refused');

    const res = await call('POST', resendUrl(shopA, id), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(receiptEtimsSchema.parse(res.json())).toMatchObject({
      status: 'pending',
      refusal: null,
    });
    const sent = await settled(id);
    expect(sent.etimsStatus).toBe('sent');
    expect(salesOf(`R-${String(sent.number).padStart(6, '0')}`)).toHaveLength(1);

    // Signed now: a resend is a conflict.
    const again = await call('POST', resendUrl(shopA, id), admin.token);
    expect(again.statusCode, again.body).toBe(409);
    expect(apiErrorSchema.parse(again.json()).error.message).toBe(ETIMS_NOT_RESENDABLE);
  });

  it('retries with doubling pauses while KRA cannot be reached, then sends', async () => {
    fake.fail(503, 1);
    const id = await pendingReceipt(shopA, [
      { code: 'SKU-SOAP', quantity: 1, unitKsh: 116, taxType: 'B' },
    ]);
    await worker.drain();
    const waiting = await receiptRow(id);
    expect(waiting).toMatchObject({ etimsStatus: 'pending', etimsAttempts: 1 });
    expect(waiting.etimsLastError).toMatch(/HTTP 503/);
    expect(receiptEtimsOf(waiting).pendingReason).toBe(waiting.etimsLastError);
    // The first pause: at least 30 s (the server's sender) and at most this file's minute.
    const pause = (waiting.etimsNextAttemptAt?.getTime() ?? 0) - Date.now();
    expect(pause).toBeGreaterThan(25_000);
    expect(pause).toBeLessThanOrEqual(60_000);
    expect(await worker.drain()).toBe(0);

    fake.fail(503, 1);
    await makeDue(id);
    await worker.drain();
    const twice = await receiptRow(id);
    expect(twice.etimsAttempts).toBe(2);
    // The second pause is twice the first.
    expect((twice.etimsNextAttemptAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(55_000);

    await makeDue(id);
    const sent = await settled(id);
    expect(sent.etimsStatus).toBe('sent');
    expect(salesOf(`R-${String(sent.number).padStart(6, '0')}`)).toHaveLength(1);
  });
});

describe('a credit note', () => {
  it('goes as rcptTyCd R naming its receipt’s number, with the receipt’s positive amounts', async () => {
    const receipt = await settled(
      await pendingReceipt(shopA, [
        { code: 'SKU-KETTLE', quantity: 1, unitKsh: 1160, taxType: 'B' },
        { code: 'SKU-BREAD', quantity: 2, unitKsh: 54, taxType: 'E' },
      ]),
    );
    expect(receipt.etimsStatus).toBe('sent');
    const negate = (ksh: number) => (ksh === 0 ? 0 : -ksh);
    const body = receipt.body;
    const [{ next } = { next: 1 }] = rowsOf<{ next: number }>(
      await t.database.db.execute(sql`
        update receipt_counters set last_number = last_number + 1 where shop_id = ${shopA}
        returning last_number as next`),
    );
    const [note] = await t.database.db
      .insert(receipts)
      .values({
        shopId: shopA,
        orderId: receipt.orderId,
        partId: receipt.partId,
        kind: 'credit_note',
        number: next,
        creditsReceiptId: receipt.id,
        body: {
          ...body,
          lines: body.lines.map((line) => ({
            ...line,
            quantity: -line.quantity,
            amount: negate(line.amount),
            discount: negate(line.discount),
            vat: negate(line.vat),
          })),
          rates: body.rates.map((rate) => ({
            ...rate,
            amount: negate(rate.amount),
            taxable: negate(rate.taxable),
            vat: negate(rate.vat),
          })),
          total: negate(body.total),
          taxable: negate(body.taxable),
          vat: negate(body.vat),
        },
        totalCents: -receipt.totalCents,
        vatCents: -receipt.vatCents,
        etimsStatus: 'pending',
        etimsNextAttemptAt: new Date(),
      })
      .returning({ id: receipts.id });
    if (!note) throw new Error('no credit note');
    const sent = await settled(note.id);
    expect(sent.etimsStatus).toBe('sent');
    const [original] = salesOf(`R-${String(receipt.number).padStart(6, '0')}`);
    const [credit] = salesOf(`CN-${String(next).padStart(6, '0')}`);
    expect(credit?.request).toMatchObject({
      rcptTyCd: 'R',
      invcNo: next,
      orgInvcNo: receipt.number,
      rfdRsnCd: '06',
      totAmt: original?.request.totAmt,
      totTaxAmt: original?.request.totTaxAmt,
      taxblAmtB: 1160,
      taxAmtB: 160,
    });
  });
});

describe('a shop without an initialised device', () => {
  it('keeps its receipts pending and says why; they go once the device is initialised', async () => {
    const id = await pendingReceipt(shopB, [
      { code: 'SKU-B-1', quantity: 1, unitKsh: 100, taxType: 'D' },
    ]);
    await worker.drain();
    const waiting = await receiptRow(id);
    expect(waiting.etimsStatus).toBe('pending');
    expect(receiptEtimsOf(waiting).pendingReason).toBe(NO_DEVICE_REASON);
    expect(
      fake.sales.filter(
        (sale) =>
          sale.request.trdInvcNo === `R-${String(waiting.number).padStart(6, '0')}` &&
          sale.tin === 'A123456789Z',
      ),
    ).toHaveLength(0);

    const device = { tin: 'A123456789Z', bhfId: '00', dvcSrlNo: 'KRACU0200000456' };
    fake.device(device);
    const res = await call('PUT', profileUrl(shopB), owner2.token, {
      kraPin: device.tin,
      vatRegistered: false,
      etims: { enabled: true, bhfId: device.bhfId, dvcSrlNo: device.dvcSrlNo },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await settled(id);
    expect(sent.etimsStatus).toBe('sent');
    expect(fake.sales.filter((sale) => sale.tin === device.tin)).toHaveLength(1);
  });
});

describe('resending', () => {
  it('is refused to another shop’s owner (403) and a shopper (403), and 404 for another shop’s receipt', async () => {
    fake.refuseNext('999', 'There is an unknown error. Please ask the administrator');
    const id = await settled(
      await pendingReceipt(shopA, [{ code: 'SKU-SOAP', quantity: 1, unitKsh: 116, taxType: 'B' }]),
    ).then((row) => row.id);
    expect((await receiptRow(id)).etimsStatus).toBe('refused');
    for (const token of [owner2.token, shopper.token]) {
      const res = await call('POST', resendUrl(shopA, id), token);
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await call('POST', resendUrl(shopA, id))).statusCode).toBe(401);
    // owner2 naming their own shop with shop A's receipt finds nothing.
    expect((await call('POST', resendUrl(shopB, id), owner2.token)).statusCode).toBe(404);
    // The receipt is named by the path: a body saying anything is refused.
    const said = await call('POST', resendUrl(shopA, id), owner.token, { receiptId: id });
    expect(said.statusCode, said.body).toBe(400);
    expect((await receiptRow(id)).etimsStatus).toBe('refused');
  });
});

describe('a real order', () => {
  it('delivered and paid on delivery: its receipt is issued, sent to KRA once, and read back signed with its QR', async () => {
    const product = await makeProduct(t.database.db, {
      payOnOrder: false,
      shopId: shopA,
      stock: 20,
      priceKsh: 1160,
    });
    const placed = await placeOrder(shopper.token, [product], 2);
    const confirmed = await placed.checkout();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await deliverParts(placed._id, [[shopA, owner.token]]);

    // The receipt follows the delivery's event, then the sender sends it.
    let found: Receipt | undefined;
    for (let round = 0; round < 200 && found?.etims.status !== 'sent'; round += 1) {
      await worker.drain();
      const res = await call('GET', `/api/orders/${placed._id}/receipts`, shopper.token);
      expect(res.statusCode, res.body).toBe(200);
      found = orderReceiptsSchema.parse(res.json()).find((each) => each.shopId === shopA);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!found) throw new Error('no receipt was issued');
    const sales = salesOf(found.numberText);
    expect(sales).toHaveLength(1);
    const [sale] = sales;
    expect(sale?.request).toMatchObject({
      trdInvcNo: found.numberText,
      invcNo: found.number,
      rcptTyCd: 'S',
      totAmt: found.total,
      totTaxAmt: found.vat,
    });
    for (const rate of found.rates) {
      expect(sale?.request[`taxblAmt${rate.taxType}`]).toBe(rate.amount);
      expect(sale?.request[`taxAmt${rate.taxType}`]).toBe(rate.vat);
    }
    expect(found.etims).toEqual({
      status: 'sent',
      kraReceiptNumber: Number(sale?.data.curRcptNo),
      kraTotalReceiptNumber: Number(sale?.data.totRcptNo),
      internalData: sale?.data.intrlData,
      signature: sale?.data.rcptSign,
      sdcId: fake.installed(DEVICE)?.sdcId,
      mrcNo: fake.installed(DEVICE)?.mrcNo,
      signedAt: expect.any(String),
      qrData: qrDataOf(PORTAL, DEVICE, sale?.data.rcptSign ?? ''),
      refusal: null,
      pendingReason: null,
    });
  });
});
