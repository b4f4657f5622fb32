import { CATALOGUE_CSV_HEADERS, type AuthResponse, type Category, type Shop } from '@soko/contract';
import { expect, test, type SokoApi } from './fixtures';
import { seedToken, uniqueEmail } from './shopping';

// A catalogue moved in as CSV (issue 32, decision 039): a new owner's file of 200 products, 3
// of its rows wrong, is checked first; the owner reads the 3 errors, fixes the file, imports it
// and finds the products in the shop. The journey's shop and products go at the end (other
// journeys read listings page by page), and their stock stays under 15 so `shopProduct` never
// picks them.

const ROWS = 200;

/** A CSV in the export's columns: `cells` by header, the rest empty. */
function csvOf(rows: Array<Partial<Record<(typeof CATALOGUE_CSV_HEADERS)[number], string>>>) {
  const quote = (cell: string) =>
    /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  return [
    CATALOGUE_CSV_HEADERS,
    ...rows.map((row) => CATALOGUE_CSV_HEADERS.map((h) => row[h] ?? '')),
  ]
    .map((cells) => cells.map(quote).join(','))
    .join('\r\n');
}

/** 200 products, the first a basket in its own category; `broken` spoils rows 5, 50 and 150. */
function catalogue(broken: boolean) {
  return csvOf(
    Array.from({ length: ROWS }, (_, i) => {
      const n = i + 1;
      const row = {
        SKU: `KK-${String(n).padStart(3, '0')}`,
        Name: n === 1 ? 'Sisal basket, Kitui weave' : `Kikoi wrap ${n}`,
        Category: n === 1 ? 'Baskets' : 'Kikoi',
        Description: 'Handwoven in Kenya',
        'Price (Ksh)': String(800 + n),
        Stock: '5',
      };
      if (!broken) return row;
      // Spreadsheet rows 5, 50 and 150 (the header is row 1).
      if (n === 4) return { ...row, 'Price (Ksh)': '-800' };
      if (n === 49) return { ...row, Name: '' };
      if (n === 149) return { ...row, Stock: 'plenty' };
      return row;
    }),
  );
}

async function openShop(api: SokoApi) {
  const email = uniqueEmail('catalogue-csv');
  const owner = await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email,
    password: 'soko-demo-pass',
  });
  const shop = await api.post<Shop>(
    '/api/property/shop/create',
    {
      name: `Kitui Weavers ${Date.now().toString(36)}`,
      owner: 'Wanjiru Kamau',
      owneremail: email,
      contact: { email, phoneno: '0712 000 222' },
      location: { address: 'Kitui Road 3, Kitui' },
    },
    { token: owner.token },
  );
  return { owner, shop };
}

const file = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`\uFEFF${text}`),
});

test('an owner imports 200 products, fixes the 3 bad rows first, then finds them', async ({
  page,
  api,
}) => {
  const { owner, shop } = await openShop(api);
  try {
    await seedToken(page, owner.token);
    await page.goto('/shops');
    await page.getByRole('link', { name: `Catalogue of ${shop.name}` }).click();
    await expect(page).toHaveURL(`/shops/${shop._id}/catalogue`);
    const chooser = page.getByLabel('CSV file');

    await test.step('the dry run lists the 3 bad rows, and nothing can be imported', async () => {
      await chooser.setInputFiles(file('catalogue.csv', catalogue(true)));
      const errors = page.getByRole('list', { name: 'Row errors' }).getByRole('listitem');
      await expect(errors).toHaveText([
        'Row 5, Price (Ksh): A price cannot be negative.',
        'Row 50, Name: Give the product a name.',
        'Row 150, Stock: Enter the stock as a whole number.',
      ]);
      await expect(page.getByText('3 errors in the file')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
    });

    await test.step('the fixed file imports, all 200', async () => {
      await chooser.setInputFiles(file('catalogue-fixed.csv', catalogue(false)));
      await expect(
        page.getByText(
          'Ready to import 200 rows: 200 products to create, 0 to update, 0 unchanged.',
        ),
      ).toBeVisible();
      await expect(page.getByText('New categories: Baskets, Kikoi.')).toBeVisible();
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(
        page.getByText('Imported 200 rows: 200 products created, 0 updated, 0 unchanged.'),
      ).toBeVisible();
    });

    await test.step('the products are in the shop', async () => {
      await page.getByRole('link', { name: 'See the products' }).click();
      await expect(page).toHaveURL(`/add-products/${shop._id}`);
      await page.getByRole('button', { name: /^Baskets/ }).click();
      await expect(
        page.getByRole('button', { name: 'Edit Sisal basket, Kitui weave' }),
      ).toBeVisible();
      const categories = await api.get<Category[]>(
        `/api/property/shop/${shop._id}/categories?perCategory=1`,
        { token: owner.token },
      );
      expect(categories.map((c) => [c.name, c.productCount]).sort()).toEqual([
        ['Baskets', 1],
        ['Kikoi', ROWS - 1],
      ]);
    });
  } finally {
    const categories = await api.get<Category[]>(`/api/property/shop/${shop._id}/categories`, {
      token: owner.token,
    });
    for (const category of categories) {
      await api.delete(`/api/property/categories/${category._id}`, { token: owner.token });
    }
  }
});
