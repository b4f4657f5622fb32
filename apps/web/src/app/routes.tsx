import type { RouteObject } from 'react-router';
import { HomePage } from '../features/catalog/components/home-page';
import { RootLayout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

// Every page but the home page is its own chunk, so the first load of '/' carries only what
// '/' shows. Paths are the spec's, spelling included ('/PopularChoises', '/About').

// The admin area's pages come from one chunk through one import: each import() site costs the
// first load its own list of the chunk's dependencies.
const adminPages = () => import('../features/admin');
type AdminPages = Awaited<ReturnType<typeof adminPages>>;
const adminPage = (name: keyof AdminPages) => async () => ({
  Component: (await adminPages())[name],
});
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
      | 'ManageProductsPage',
  ) =>
  async () => ({
    Component: (await shopPages())[name],
  });

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
            lazy: async () => ({
              Component: (await import('../features/tenants/components/about-page')).AboutPage,
            }),
          },
          {
            path: 'login',
            lazy: async () => ({
              Component: (await import('../features/auth/components/login-page')).LoginPage,
            }),
          },
          {
            path: 'signup',
            lazy: async () => ({
              Component: (await import('../features/auth/components/signup-page')).SignupPage,
            }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../features/auth/components/forgot-password-page'))
                .ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/auth/components/reset-password-page'))
                .ResetPasswordPage,
            }),
          },
          {
            // A marketing mail's unsubscribe link: opening it changes nothing until confirmed.
            path: 'unsubscribe/:token',
            lazy: async () => ({
              Component: (await import('../features/newsletter/components/unsubscribe-page'))
                .UnsubscribePage,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('../features/auth/components/profile-page')).ProfilePage,
            }),
          },
          {
            // Admin only: the page itself sends others to /login or home (spec section 6).
            path: 'createlisting',
            lazy: adminPage('CreateListingPage'),
          },
          // The rest of the admin area: each page checks the role itself (like /createlisting).
          {
            path: 'admin',
            lazy: adminPage('AdminDashboardPage'),
          },
          {
            path: 'admin/shops',
            lazy: adminPage('AdminShopsPage'),
          },
          {
            path: 'admin/tenants',
            lazy: adminPage('TenantsPage'),
          },
          {
            path: 'admin/refunds',
            lazy: adminPage('RefundsPage'),
          },
          {
            path: 'admin/payouts',
            lazy: adminPage('PayoutsPage'),
          },
          {
            path: 'admin/messages',
            lazy: adminPage('MessagesPage'),
          },
          {
            path: 'admin/codes',
            lazy: adminPage('CodesPage'),
          },
          {
            path: 'managelisting',
            lazy: adminPage('ManageListingPage'),
          },
          {
            path: 'manageorders',
            lazy: adminPage('ManageOrdersPage'),
          },
          {
            // Owner screens: client-rendered chunks, never in the shopper's first load.
            path: 'shops',
            lazy: shopPage('ShopsPage'),
          },
          {
            path: 'shops/:shopId/orders',
            lazy: shopPage('ShopOrdersPage'),
          },
          {
            path: 'shops/:shopId/balance',
            lazy: shopPage('ShopBalancePage'),
          },
          {
            path: 'shops/:shopId/delivery',
            lazy: shopPage('ShopDeliveryPage'),
          },
          {
            path: 'shops/:shopId/codes',
            lazy: shopPage('ShopCodesPage'),
          },
          {
            path: 'shops/:shopId/catalogue',
            lazy: shopPage('ShopCataloguePage'),
          },
          {
            path: 'add-products/:shopId',
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
            lazy: async () => ({
              Component: (await import('../features/checkout/components/checkout-page'))
                .CheckoutPage,
            }),
          },
          {
            // The same screen for one product, without touching the cart (DESIGN.md).
            path: 'buy/:productId/:userId',
            lazy: async () => ({
              Component: (await import('../features/checkout/components/checkout-page')).BuyNowPage,
            }),
          },
          {
            path: 'orders/:orderId',
            lazy: async () => ({
              Component: (await import('../features/orders/components/order-page')).OrderPage,
            }),
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
            lazy: async () => ({
              Component: (await import('../features/search/components/search-page')).SearchPage,
            }),
          },
          {
            path: 'blog',
            lazy: async () => ({
              Component: (await import('../features/blog')).BlogListPage,
            }),
          },
          {
            path: 'blog/:id',
            lazy: async () => ({
              Component: (await import('../features/blog')).BlogPostPage,
            }),
          },
          {
            // Admin only: the page itself sends others to /login or home (spec section 6).
            path: 'addblog',
            lazy: async () => ({
              Component: (await import('../features/blog')).AddBlogPage,
            }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
