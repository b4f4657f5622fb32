// A shop of a journey's own: a new owner, their pay-on-delivery shop, a category and one product,
// made through the API (STYLE.md), and removed again at the end. Journeys that change a shop's
// settings (delivery rates) or wait for its owner's mail use one, so nothing they do reaches the
// other journeys sharing the server.
import type { AuthResponse, Category, OwnerProductInput, Product, Shop } from '@soko/contract';
import type { SokoApi } from './fixtures';
import { uniqueEmail } from './shopping';

export interface OwnShop {
  owner: AuthResponse;
  /** The owner's email: where the shop's mail goes. */
  email: string;
  shop: Shop;
  category: Category;
  product: Product;
}

/**
 * A new owner with a pay-on-delivery shop of their own and one product in it: a Ksh 1,200 sisal
 * basket, 10 in stock, unless `product` says otherwise. Keep its stock under 15 so `shopProduct`
 * (which other journeys pick their products with) never picks it.
 */
export async function openOwnShop(
  api: SokoApi,
  tag: string,
  product: Partial<OwnerProductInput> = {},
): Promise<OwnShop> {
  const email = uniqueEmail(`shop-${tag}`);
  const owner = await api.post<AuthResponse>('/api/user/signup', {
    firstName: 'Akinyi',
    lastName: 'Otieno',
    email,
    password: 'soko-demo-pass',
  });
  const token = owner.token;
  const shop = await api.post<Shop>(
    '/api/property/shop/create',
    {
      name: `Lakeside ${tag} ${Date.now().toString(36)}`,
      owner: 'Akinyi Otieno',
      owneremail: email,
      contact: { email, phoneno: '0712 000 111' },
      location: { address: 'Oginga Odinga Street 5, Kisumu' },
      payonorder: false,
    },
    { token },
  );
  const category = await api.post<Category>(
    '/api/property/category/create',
    { shopId: shop._id, categoryData: { name: `Baskets ${tag}` } },
    { token },
  );
  const made = await api.post<Product>(
    `/api/property/products/${shop._id}`,
    { name: `Sisal basket ${tag}`, price: 1200, stock: 10, categoryId: category._id, ...product },
    { token },
  );
  return { owner, email, shop, category, product: made };
}

/** Its products go (orders keep their lines): other journeys read listings page by page. */
export async function closeOwnShop(api: SokoApi, own: OwnShop | undefined): Promise<void> {
  if (!own) return;
  await api.delete(`/api/property/categories/${own.category._id}`, { token: own.owner.token });
}
