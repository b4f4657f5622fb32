import type { RouteObject } from 'react-router';
import { HomePage } from '../features/catalog/components/home-page';
import { withMessages } from '../lib/i18n';
import type { StaffPart } from '../locales/compile-catalog';
import { RootLayout } from './layout';
import { STAFF_SCREEN } from './staff-screen';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

// Every page but the home page is its own chunk, so the first load of '/' carries only what
// '/' shows. Paths are the spec's, spelling included ('/PopularChoises', '/About').

/** A staff route's English messages (decision 050), with a loader of their own. */
const loadStaffMessages = async (...parts: StaffPart[]) =>
  (await import('../lib/staff-i18n')).loadStaffMessages(...parts);

// The admin area's pages come from one chunk through one import: each import() site costs the
// first load its own list of the chunk's dependencies. Each staff page comes with its English
// messages (decision 050; the contract's and the server's words its forms show among them);
// admins use the owner's screens too, so theirs load both parts.
const adminPages = () => import('../features/admin');
type AdminPages = Awaited<ReturnType<typeof adminPages>>;
const adminPage = (name: keyof AdminPages) => async () => {
  const [pages] = await Promise.all([adminPages(), loadStaffMessages('owner', 'admin')]);
  return { Component: pages[name] };
};
// The same for the owner's screens.
const shopPages = () => import('../features/shops');
const shopPage =
  (
    name:
      | 'ShopsPage'
      | 'ShopOrdersPage'
      | 'ShopBalancePage'
      | 'ShopDeliveryPage'
      | 'ShopCodesPage'
      | 'ShopCataloguePage'
      | 'ShopTaxPage'
      | 'ShopReceiptsPage'
      | 'ManageProductsPage',
  ) =>
  async () => {
    const [pages] = await Promise.all([shopPages(), loadStaffMessages('owner')]);
    return { Component: pages[name] };
  };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Only reached when the layout itself fails; a page's error renders inside the layout.
    errorElement: (
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <RouteError />
      </main>
    ),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          {
            path: 'category/:categoryName',
            lazy: async () => ({
              Component: (await import('../features/catalog/components/category-page'))
                .CategoryPage,
            }),
          },
          {
            path: 'product/:productId/:userId/:productName',
            lazy: async () => ({
              Component: (await import('../features/catalog/components/product-page')).ProductPage,
            }),
          },
          {
            path: 'alllisting',
            lazy: async () => ({
              Component: (await import('../features/catalog/components/all-listing-page'))
                .AllListingPage,
            }),
          },
          {
            path: 'shop/:shopId',
            lazy: async () => ({
              Component: (await import('../features/catalog/components/shop-page')).ShopPage,
            }),
          },
          {
            path: 'new-arrival',
            lazy: async () => ({
              Component: (await import('../features/catalog/components/new-arrivals-page'))
                .NewArrivalsPage,
            }),
          },
          {
            path: 'PopularChoises',
            lazy: async () => ({
              Component: (await import('../features/catalog/components/popular-choices-page'))
                .PopularChoicesPage,
            }),
          },
          {
            path: 'About',
            lazy: withMessages(['about'], async () => ({
              Component: (await import('../features/tenants/components/about-page')).AboutPage,
            })),
          },
          {
            // The shop's privacy notice (decision 048), painted by the server like /About.
            path: 'privacy',
            lazy: withMessages(['privacy'], async () => ({
              Component: (await import('../features/privacy')).PrivacyPage,
            })),
          },
          {
            path: 'login',
            lazy: withMessages(['account', 'problem'], async () => ({
              Component: (await import('../features/auth/components/login-page')).LoginPage,
            })),
          },
          {
            path: 'signup',
            lazy: withMessages(['account', 'problem'], async () => ({
              Component: (await import('../features/auth/components/signup-page')).SignupPage,
            })),
          },
          {
            path: 'forgot-password',
            lazy: withMessages(['account', 'problem'], async () => ({
              Component: (await import('../features/auth/components/forgot-password-page'))
                .ForgotPasswordPage,
            })),
          },
          {
            path: 'reset-password',
            lazy: withMessages(['account', 'problem'], async () => ({
              Component: (await import('../features/auth/components/reset-password-page'))
                .ResetPasswordPage,
            })),
          },
          {
            // A marketing mail's unsubscribe link: opening it changes nothing until confirmed.
            path: 'unsubscribe/:token',
            lazy: withMessages(['account', 'problem'], async () => ({
              Component: (await import('../features/newsletter/components/unsubscribe-page'))
                .UnsubscribePage,
            })),
          },
          {
            // An unpaid order's reminder's opt-out link (decision 043): the button decides.
            path: 'reminders/opt-out/:token',
            lazy: withMessages(['account', 'problem'], async () => ({
              Component: (await import('../features/newsletter/components/reminder-opt-out-page'))
                .ReminderOptOutPage,
            })),
          },
          {
            path: 'profile',
            lazy: withMessages(['account', 'problem'], async () => ({
              Component: (await import('../features/auth/components/profile-page')).ProfilePage,
            })),
          },
          {
            // Admin only: the page itself sends others to /login or home (spec section 6).
            path: 'createlisting',
            handle: STAFF_SCREEN,
            lazy: adminPage('CreateListingPage'),
          },
          // The rest of the admin area: each page checks the role itself (like /createlisting).
          {
            path: 'admin',
            handle: STAFF_SCREEN,
            lazy: adminPage('AdminDashboardPage'),
          },
          {
            path: 'admin/shops',
            handle: STAFF_SCREEN,
            lazy: adminPage('AdminShopsPage'),
          },
          {
            path: 'admin/tenants',
            handle: STAFF_SCREEN,
            lazy: adminPage('TenantsPage'),
          },
          {
            path: 'admin/refunds',
            handle: STAFF_SCREEN,
            lazy: adminPage('RefundsPage'),
          },
          {
            path: 'admin/payouts',
            handle: STAFF_SCREEN,
            lazy: adminPage('PayoutsPage'),
          },
          {
            path: 'admin/messages',
            handle: STAFF_SCREEN,
            lazy: adminPage('MessagesPage'),
          },
          {
            path: 'admin/codes',
            handle: STAFF_SCREEN,
            lazy: adminPage('CodesPage'),
          },
          {
            path: 'admin/privacy',
            handle: STAFF_SCREEN,
            lazy: adminPage('PrivacyNoticePage'),
          },
          {
            path: 'admin/data-requests',
            handle: STAFF_SCREEN,
            lazy: adminPage('DataRequestsPage'),
          },
          {
            path: 'managelisting',
            handle: STAFF_SCREEN,
            lazy: adminPage('ManageListingPage'),
          },
          {
            path: 'manageorders',
            handle: STAFF_SCREEN,
            lazy: adminPage('ManageOrdersPage'),
          },
          {
            // Owner screens: client-rendered chunks, never in the shopper's first load.
            path: 'shops',
            handle: STAFF_SCREEN,
            lazy: shopPage('ShopsPage'),
          },
          {
            path: 'shops/:shopId/orders',
            handle: STAFF_SCREEN,
            lazy: shopPage('ShopOrdersPage'),
          },
          {
            path: 'shops/:shopId/balance',
            handle: STAFF_SCREEN,
            lazy: shopPage('ShopBalancePage'),
          },
          {
            path: 'shops/:shopId/delivery',
            handle: STAFF_SCREEN,
            lazy: shopPage('ShopDeliveryPage'),
          },
          {
            path: 'shops/:shopId/codes',
            handle: STAFF_SCREEN,
            lazy: shopPage('ShopCodesPage'),
          },
          {
            path: 'shops/:shopId/catalogue',
            handle: STAFF_SCREEN,
            lazy: shopPage('ShopCataloguePage'),
          },
          {
            path: 'shops/:shopId/tax',
            handle: STAFF_SCREEN,
            lazy: shopPage('ShopTaxPage'),
          },
          {
            path: 'shops/:shopId/receipts',
            handle: STAFF_SCREEN,
            lazy: shopPage('ShopReceiptsPage'),
          },
          {
            path: 'add-products/:shopId',
            handle: STAFF_SCREEN,
            lazy: shopPage('ManageProductsPage'),
          },
          {
            path: 'offline',
            lazy: async () => ({
              Component: (await import('../features/offline')).OfflinePage,
            }),
          },
          {
            path: 'cart',
            lazy: async () => ({
              Component: (await import('../features/cart/components/cart-page')).CartPage,
            }),
          },
          {
            path: 'cart/:productId/:userId',
            lazy: async () => ({
              Component: (await import('../features/cart/components/cart-page')).CartProductPage,
            }),
          },
          {
            path: 'checkout',
            lazy: withMessages(['checkout', 'problem'], async () => ({
              Component: (await import('../features/checkout/components/checkout-page'))
                .CheckoutPage,
            })),
          },
          {
            // The same screen for one product, without touching the cart (DESIGN.md).
            path: 'buy/:productId/:userId',
            lazy: withMessages(['checkout', 'problem'], async () => ({
              Component: (await import('../features/checkout/components/checkout-page')).BuyNowPage,
            })),
          },
          {
            path: 'orders/:orderId',
            lazy: withMessages(['orders', 'problem'], async () => ({
              Component: (await import('../features/orders/components/order-page')).OrderPage,
            })),
          },
          {
            // A receipt or credit note (decision 047): the order's shopper, the shop's owner.
            path: 'orders/:orderId/receipts/:receiptId',
            lazy: withMessages(['orders'], async () => ({
              Component: (await import('../features/receipts/components/receipt-page')).ReceiptPage,
            })),
          },
          {
            // The sandbox provider's hosted page (PAYMENTS=sandbox), opened in the payment tab.
            path: 'pay/sandbox/:trackingId',
            lazy: async () => ({
              Component: (await import('../features/payments/components/sandbox-payment-page'))
                .SandboxPaymentPage,
            }),
          },
          {
            path: 'search',
            lazy: withMessages(['search'], async () => ({
              Component: (await import('../features/search/components/search-page')).SearchPage,
            })),
          },
          {
            path: 'blog',
            lazy: withMessages(['blog'], async () => ({
              Component: (await import('../features/blog')).BlogListPage,
            })),
          },
          {
            path: 'blog/:id',
            lazy: withMessages(['blog'], async () => ({
              Component: (await import('../features/blog')).BlogPostPage,
            })),
          },
          {
            // Admin only: the page itself sends others to /login or home (spec section 6).
            path: 'addblog',
            handle: STAFF_SCREEN,
            lazy: async () => {
              // The writer's page alone: the readers' pages (and their `blog.` texts) stay out.
              const [page] = await Promise.all([
                import('../features/blog/components/add-blog-page'),
                loadStaffMessages('owner', 'admin'),
              ]);
              return { Component: page.AddBlogPage };
            },
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
