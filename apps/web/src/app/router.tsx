import { createBrowserRouter } from 'react-router';
import { HomePage } from '../features/catalog/components/home-page';
import { RootLayout } from './layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

export const router = createBrowserRouter([
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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
