// The titles the server writes into a page's head (`<title>`, og:title), in the page's language
// (decision 050). The same words as the web app's for the same pages (its message files): the
// head is written here, before and without the app's renderer, so the server keeps its own copy.
// Typed so that a title added in one language and not the other does not compile.
import type { Locale } from '@soko/contract';

type PageTitles = {
  /** By the page's route pattern; the home page has the site's title alone. */
  pages: Record<string, string>;
  category: (name: string) => string;
  notFound: { page: string; category: string; product: string; post: string; shop: string };
};

export const PAGE_TITLES: Record<Locale, PageTitles> = {
  en: {
    pages: {
      '/alllisting': 'All Products',
      '/new-arrival': 'New Arrivals',
      '/PopularChoises': 'Popular Choices',
      '/About': 'About Us',
      '/privacy': 'Privacy notice',
      '/blog': 'Blog',
      '/offline': 'Saved for offline',
    },
    category: (name) => `${name} Products`,
    notFound: {
      page: 'Page not found',
      category: 'Category not found',
      product: 'Product not found',
      post: 'Post not found',
      shop: 'Shop not found',
    },
  },
  sw: {
    pages: {
      '/alllisting': 'Bidhaa Zote',
      '/new-arrival': 'Bidhaa Mpya',
      '/PopularChoises': 'Zinazopendwa Zaidi',
      '/About': 'Kuhusu Sisi',
      '/privacy': 'Taarifa ya faragha',
      '/blog': 'Blogu',
      '/offline': 'Zilizohifadhiwa bila mtandao',
    },
    category: (name) => `Bidhaa za ${name}`,
    notFound: {
      page: 'Ukurasa haukupatikana',
      category: 'Aina haikupatikana',
      product: 'Bidhaa haikupatikana',
      post: 'Makala haikupatikana',
      shop: 'Duka halikupatikana',
    },
  },
};
