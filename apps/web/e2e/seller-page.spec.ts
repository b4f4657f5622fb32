import type { Shop, Tenant } from '@soko/contract';
import { productPath } from '@soko/contract';
import { expect, test } from './fixtures';

// A seller's own face (issue 32, decision 040): from a product, "Sold by" leads to the seller's
// page, which shows who the seller is, where and how to reach it, and chats with the seller's
// own WhatsApp number, not the marketplace's.

const digits = (phone: string) => phone.replace(/\D/g, '');

test('a shopper follows “Sold by” to the seller’s page and reaches the seller on its own WhatsApp', async ({
  page,
  api,
}) => {
  const shops = await api.get<Shop[]>('/api/metadata');
  const tenant = await api.get<Tenant>('/api/tenant');
  // The demo's second shop sells in the default host's marketplace with a number of its own.
  const seller = shops.slice(1).find((shop) => shop.whatsapp !== null);
  const tenantNumber = tenant.whatsapp?.phoneNumber;
  if (!seller?.whatsapp || !tenantNumber) throw new Error('the demo data needs both numbers');
  expect(digits(seller.whatsapp)).not.toBe(digits(tenantNumber));
  const product = (await api.allProducts()).find((p) => p.shopId === seller._id);
  if (!product) throw new Error('the demo seller needs a product');

  await page.goto(productPath(product));
  const details = page.getByRole('region', { name: product.name });
  // On the seller's product the chat is the seller's.
  await expect(
    page.getByRole('button', { name: `Chat with ${seller.name} on WhatsApp` }),
  ).toBeVisible();
  await details.getByRole('link', { name: seller.name }).click();

  await expect(page).toHaveURL(`/shop/${seller._id}`);
  await expect(page.getByRole('heading', { level: 1, name: seller.name })).toBeVisible();
  await expect(page.getByText(seller.description)).toBeVisible();
  await expect(page.getByRole('img', { name: `${seller.name} logo` })).toBeVisible();
  await expect(page.getByRole('link', { name: seller.contact.phoneno })).toHaveAttribute(
    'href',
    `tel:${seller.contact.phoneno.replace(/[^\d+]/g, '')}`,
  );
  await expect(page.getByRole('link', { name: seller.contact.email })).toBeVisible();
  await expect(page.getByText(seller.location.address, { exact: false })).toBeVisible();
  const whatsapp = page.getByRole('link', { name: `Chat with ${seller.name} on WhatsApp` });
  await expect(whatsapp).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/${digits(seller.whatsapp)}\\?text=`),
  );
  await expect(
    page.getByRole('button', { name: `Chat with ${seller.name} on WhatsApp` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chat with us on WhatsApp' })).toHaveCount(0);
  await expect(page.locator(`a[href*="wa.me/${digits(tenantNumber)}"]`)).toHaveCount(0);

  // Away from the seller, the marketplace's chat is back.
  const home = shops[0]?.name;
  if (!home) throw new Error('no tenant shop');
  await page.getByRole('link', { name: home, exact: true }).first().click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Chat with us on WhatsApp' })).toBeVisible();
});

test('the server paints the seller’s face and names it in the head', async ({ api }) => {
  const shops = await api.get<Shop[]>('/api/metadata');
  const seller = shops.find((shop) => shop.whatsapp !== null);
  if (!seller?.whatsapp) throw new Error('the demo data needs a seller with WhatsApp');
  const response = await api.raw.get(`/shop/${seller._id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  // In the painted page, not only in its embedded data.
  expect(root.slice(0, root.indexOf('<script'))).toContain(
    `href="https://wa.me/${digits(seller.whatsapp)}?text=`,
  );
  expect(html).toMatch(new RegExp(`<title>${seller.name.replaceAll('&', '&amp;')} \\|`));
  expect(html).toContain(`<meta name="description" content="${seller.description}">`);
});
