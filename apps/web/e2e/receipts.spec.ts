// Receipts (issue 33): a shopper pays online for an order of a VAT-registered shop with eTIMS
// on, opens the order page, views the receipt, and downloads its PDF (a PDF, with the receipt's
// number and KRA's QR code of the receipt's own QR data); the owner opens the shop's Receipts
// screen from its Orders screen, sees the receipt, and downloads the month's CSV. The shop, its
// tax profile and the shopper are made through the API.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import {
  nairobiMonth,
  type AuthResponse,
  type Receipt,
  type TaxProfileResponse,
} from '@soko/contract';
import { E2E_ETIMS_PIN, etimsSerialOf } from './etims-devices';
import { expect, test } from './fixtures';
import { closeOwnShop, openOwnShop, type OwnShop } from './own-shop';
import { addToCart, fillDelivery, field, seedToken, uniqueEmail } from './shopping';

/** Every content stream of a PDF, inflated (PDFKit compresses them with FlateDecode). */
function contentStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a compressed stream (or not one at all): nothing to read in it.
    }
  }
  return streams.join('\n');
}

/** Text runs as PDFKit writes them for the standard fonts: `[<hex> kern <hex> …] TJ`. */
function pdfText(content: string): string {
  return [...content.matchAll(/\[(.*?)\] TJ/g)]
    .map(([, runs = '']) =>
      [...runs.matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex = '']) => Buffer.from(hex, 'hex').toString('latin1'))
        .join(''),
    )
    .join(' ');
}

/** The QR's modules as drawn: one `x y w h re` per run of dark modules (decision 047). */
function drawnQr(content: string): boolean[][] {
  const rects = [...content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)].map(
    (match) => match.slice(1, 5).map(Number) as [number, number, number, number],
  );
  const module = Math.min(...rects.map(([, , , h]) => h));
  const left = Math.min(...rects.map(([x]) => x));
  const top = Math.min(...rects.map(([, y]) => y));
  const grid: boolean[][] = [];
  for (const [x, y, w] of rects) {
    const row = (grid[Math.round((y - top) / module)] ??= []);
    const from = Math.round((x - left) / module);
    for (let c = from; c < from + Math.round(w / module); c++) row[c] = true;
  }
  return grid;
}

function qrOf(data: string): boolean[][] {
  const { modules } = QRCode.create(data, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, r) => {
    const row: boolean[] = [];
    for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) row[c] = true;
    return row;
  });
}

test('a shopper downloads the receipt with its KRA QR, and the owner the month as CSV', async ({
  page,
  context,
  api,
}, testInfo) => {
  test.slow();
  let own: OwnShop | undefined;
  try {
    own = await openOwnShop(api, `receipt-${testInfo.project.name}`, { price: 1160, stock: 5 });
    const { owner, shop, product } = own;
    const ownerAuth = { token: owner.token };

    await test.step('the shop takes payment online, is VAT-registered and sends to eTIMS', async () => {
      await api.put(
        `/api/property/shop/update/${shop._id}`,
        {
          name: shop.name,
          owner: shop.owner,
          owneremail: shop.owneremail,
          contact: shop.contact,
          location: { address: shop.location.address },
          payonorder: true,
        },
        ownerAuth,
      );
      const profile = await api.put<TaxProfileResponse>(
        `/api/property/shop/${shop._id}/tax-profile`,
        {
          kraPin: E2E_ETIMS_PIN,
          vatRegistered: true,
          etims: { enabled: true, bhfId: '00', dvcSrlNo: etimsSerialOf(testInfo) },
        },
        ownerAuth,
      );
      expect(profile).toMatchObject({ vatRegistered: true, etims: { enabled: true } });
    });

    const shopper = await api.post<AuthResponse>('/api/user/signup', {
      firstName: 'Achieng',
      lastName: 'Otieno',
      email: uniqueEmail('receipt-shopper'),
      password: 'soko-demo-pass',
    });
    await seedToken(page, shopper.token);

    const orderId = await test.step('the shopper pays in the sandbox tab', async () => {
      await addToCart(page, product);
      await page.goto('/checkout');
      await fillDelivery(page);
      await field(page, 'Shipping').selectOption('standard');
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/order/create') && r.status() === 201,
      );
      const opened = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Place Order' }).click();
      const tab = await opened;
      const order = (await (await created).json()) as { _id: string };
      await tab.waitForURL(/\/pay\/sandbox\/[0-9a-f-]{36}$/);
      await tab.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(tab.getByTestId('sandbox-status')).toHaveText('Paid');
      await tab.close();
      await expect(page).toHaveURL(`/orders/${order._id}`);
      return order._id;
    });

    // The receipt is issued with the payment; KRA (the fake OSCU) signs it through the outbox.
    let receipt: Receipt | undefined;
    await expect
      .poll(
        async () => {
          const receipts = await api.get<Receipt[]>(`/api/orders/${orderId}/receipts`, {
            token: shopper.token,
          });
          receipt = receipts[0];
          return receipt?.etims.status;
        },
        { timeout: 30_000 },
      )
      .toBe('sent');
    if (!receipt) throw new Error('no receipt');
    const signed = receipt;
    expect(signed.numberText).toBe('R-000001');

    await test.step('the order page lists the receipt, and its page shows it', async () => {
      await page.reload();
      const section = page.getByRole('region', { name: 'Receipts' });
      await expect(section.getByText(`Receipt ${signed.numberText}`)).toBeVisible();
      await section.getByRole('link', { name: `View receipt ${signed.numberText}` }).click();
      await expect(page).toHaveURL(`/orders/${orderId}/receipts/${signed._id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Receipt ${signed.numberText}` }),
      ).toBeVisible();
      await expect(page.getByRole('table', { name: 'VAT per rate' })).toContainText('B (16 %)');
      await expect(page.getByRole('img', { name: 'KRA eTIMS QR code' })).toBeVisible();
    });

    await test.step('the receipt page speaks its reader’s language (decision 050)', async () => {
      const receiptPage = `/orders/${orderId}/receipts/${signed._id}`;
      await page.goto(`${receiptPage}?lang=sw`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Risiti ${signed.numberText}` }),
      ).toBeVisible();
      await expect(
        page.getByRole('table', { name: 'Kodi ya Ongezeko la Thamani (VAT) kwa kila kiwango' }),
      ).toContainText('B (16 %)');
      await expect(page.getByRole('img', { name: 'Msimbo wa QR wa eTIMS ya KRA' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Pakua PDF' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Rudi kwenye agizo' })).toBeVisible();
      // Back to English for the steps below (the switch keeps the choice in the cookie).
      await page.goto(`${receiptPage}?lang=en`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Receipt ${signed.numberText}` }),
      ).toBeVisible();
    });

    await test.step('the PDF downloads with its number and the QR of its QR data', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download PDF' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`${signed.numberText}.pdf`);
      const pdf = readFileSync(await download.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const content = contentStreams(pdf);
      expect(pdfText(content)).toContain(`Receipt ${signed.numberText}`);
      expect(drawnQr(content)).toEqual(qrOf(signed.etims.qrData ?? ''));
    });

    await test.step('the owner finds it on Receipts and downloads the month as CSV', async () => {
      await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(owner.token)})`);
      await page.goto(`/shops/${shop._id}/orders`);
      await page.getByRole('link', { name: 'Receipts', exact: true }).click();
      await expect(page).toHaveURL(`/shops/${shop._id}/receipts`);
      await expect(page.getByLabel('Month')).toHaveValue(nairobiMonth(new Date()));
      const row = page.getByRole('row').filter({ hasText: signed.numberText });
      await expect(row).toContainText(`Sent (KRA ${signed.etims.kraReceiptNumber})`);
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const csv = readFileSync(await (await downloading).path(), 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(
        csv[0]
          ?.replace(/^\uFEFF/, '')
          .split(',')
          .slice(0, 7),
      ).toEqual(['Number', 'Kind', 'Credits', 'Date', 'Order', 'Buyer', 'Buyer KRA PIN']);
      const line = csv.find((row) => row.startsWith(`${signed.numberText},Receipt,`));
      expect(line).toContain(`,${signed.orderNumber},`);
      expect(line?.endsWith(`,${signed.etims.kraReceiptNumber}`)).toBe(true);
    });
  } finally {
    await closeOwnShop(api, own);
  }
});
