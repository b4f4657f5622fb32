// What every journey imports instead of '@playwright/test': `test` with Soko's fixtures, and
// `expect`. Journeys make their data through `api` (STYLE.md), not by clicking through forms.
import {
  INITIAL_DATA_ELEMENT_ID,
  LISTING_MAX_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
  type Product,
} from '@soko/contract';
import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';

export { expect };

export class ApiCallError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} answered ${status}: ${body.slice(0, 500)}`);
  }
}

export interface ApiCallOptions {
  /** Bearer token of the caller; anonymous when absent. */
  token?: string;
}

/**
 * JSON calls against the server under test that throw on any non-2xx answer, for arranging
 * data. To assert an error status, use `raw` (or the built-in `request` fixture).
 */
export class SokoApi {
  constructor(readonly raw: APIRequestContext) {}

  get<T>(path: string, options?: ApiCallOptions): Promise<T> {
    return this.call<T>('GET', path, undefined, options);
  }

  post<T>(path: string, data: unknown, options?: ApiCallOptions): Promise<T> {
    return this.call<T>('POST', path, data, options);
  }

  put<T>(path: string, data: unknown, options?: ApiCallOptions): Promise<T> {
    return this.call<T>('PUT', path, data, options);
  }

  delete<T>(path: string, options?: ApiCallOptions): Promise<T> {
    return this.call<T>('DELETE', path, undefined, options);
  }

  /** Every product on sale, newest first, read page by page (a listing call answers one page). */
  async allProducts(): Promise<Product[]> {
    const products: Product[] = [];
    for (let page = 1; ; page++) {
      const path = `/api/listing/gellisting?page=${page}&pageSize=${LISTING_MAX_PAGE_SIZE}`;
      const response = await this.raw.get(path);
      if (!response.ok()) {
        throw new ApiCallError('GET', path, response.status(), await response.text());
      }
      const rows = (await response.json()) as Product[];
      products.push(...rows);
      const total = Number(response.headers()[TOTAL_COUNT_HEADER]);
      if (rows.length === 0 || products.length >= total) return products;
    }
  }

  private async call<T>(
    method: string,
    path: string,
    data: unknown,
    options: ApiCallOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response: APIResponse = await this.raw.fetch(path, { method, headers, data });
    const text = await response.text();
    if (!response.ok()) throw new ApiCallError(method, path, response.status(), text);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

interface SokoFixtures {
  api: SokoApi;
}

export const test = base.extend<SokoFixtures>({
  api: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({ baseURL });
    await use(new SokoApi(context));
    await context.dispose();
  },

  // An uncaught exception in the page fails the journey even when the screen looks right.
  page: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },

  // login(role): comes with the accounts issue. It signs in one of the demo accounts
  // (admin@soko.test, owner@soko.test, shopper@soko.test) through the API and puts the token
  // where the web app keeps it (local storage `token`) before the page opens.
});

/** Not the API, the build's files, pictures or the live channel: a page of the shop. */
const NOT_PAGES =
  /^\/(api|assets|media|socket\.io)\/|\.(js|css|webp|png|jpe?g|svg|ico|json|webmanifest|woff2?)$/;
const mayBePage = (url: URL) => !NOT_PAGES.test(url.pathname);

/**
 * The server writes a page's first answers into its HTML (INITIAL_DATA_ELEMENT_ID), so a first
 * load asks the API for nothing. Journeys that stage other answers with `page.route` (a shop
 * without hours, a failing listing, a slow category) strip that block, and the app then asks
 * the API exactly as it does after an in-app navigation.
 */
export async function withoutInitialData(page: Page): Promise<void> {
  // Only what can be a page is routed: every request routed waits for this test's process to
  // answer it, and a page's thirty scripts, pictures and API calls queued there on a loaded
  // machine held the app's own calls back by seconds (CI: shell.spec's chat-button journey).
  await page.route(mayBePage, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(
        new RegExp(
          `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">[\\s\\S]*?</script>`,
        ),
        '',
      )
      // The page the server painted from that data goes too: the app then draws it from nothing.
      .replace(/<div id="root">[\s\S]*<\/div>(\s*<noscript>)/, '<div id="root"></div>$1');
    await route.fulfill({ response, body: html });
  });
}
