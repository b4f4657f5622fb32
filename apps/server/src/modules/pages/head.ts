// The tags a crawler without JavaScript reads: title, description, keywords, canonical, Open
// Graph and, on product pages, schema.org Product data. Built as text and escaped here, once.
import {
  INITIAL_DATA_ELEMENT_ID,
  imageSrcSet,
  OG_TYPE,
  discountedPriceCents,
  fromCents,
  blogPostPath,
  productDescription,
  productName,
  productPath,
  toCents,
  type BlogPost,
  type InitialDataEntry,
  LANG_PARAM,
  type Locale,
  type Product,
  type Review,
  type Seo,
} from '@soko/contract';

export type PageHead = {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  ogType: string;
  image: string | undefined;
  siteName: string;
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
  /** The page's largest image (its LCP), fetched while the app's code still loads. */
  preloadImage?: { url: string; sizes: string };
  /** Answers the page asks for first, seeded into the app's query cache. */
  initialData?: InitialDataEntry[];
  /** The page's language (`<html lang>`) and its versions in each language (hreflang). */
  locale?: Locale;
  alternates?: { hreflang: string; href: string }[];
};

/** A page's address in a language: English at its own address, Kiswahili with `?lang=sw`. */
export function inLanguage(url: string, locale: Locale): string {
  if (locale === 'en') return url;
  const address = new URL(url);
  address.searchParams.set(LANG_PARAM, locale);
  return address.toString();
}

/**
 * The head in `locale` (decision 049): its canonical is its own language's address, and it
 * names both languages' versions, English (cookie-less crawlers' default) also as x-default.
 */
export function headInLanguage(head: PageHead, locale: Locale): PageHead {
  const english = head.canonical;
  return {
    ...head,
    canonical: inLanguage(english, locale),
    locale,
    alternates: [
      { hreflang: 'en', href: english },
      { hreflang: 'sw', href: inLanguage(english, 'sw') },
      { hreflang: 'x-default', href: english },
    ],
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// JSON inside <script> must not be able to close the element or open a comment.
const escapeJsonForScript = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));

/** A plain-text summary for meta descriptions: bullets joined, whitespace folded, ~160 chars. */
export function summarise(text: string, max = 160): string {
  const plain = text
    .split('||')
    .map((part) => part.trim())
    .filter(Boolean)
    .join('. ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

export function absoluteUrl(base: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${base.replace(/\/+$/, '')}/`).toString();
}

// Same srcset and sizes as the <img> the page renders, or the browser fetches a second copy.
function preloadTag({ url, sizes }: { url: string; sizes: string }): string {
  const srcset = imageSrcSet(url);
  const candidates = srcset
    ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(url)}"${candidates} fetchpriority="high">`;
}

export function renderHead(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    ...(head.alternates ?? []).map(
      ({ hreflang, href }) =>
        `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`,
    ),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:site_name', head.siteName),
    ...(head.image
      ? [
          meta('property', 'og:image', head.image),
          meta('name', 'twitter:card', 'summary_large_image'),
        ]
      : []),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    ...(head.preloadImage ? [preloadTag(head.preloadImage)] : []),
    ...(head.jsonLd
      ? [
          `<script type="application/ld+json">${escapeJsonForScript(JSON.stringify(head.jsonLd))}</script>`,
        ]
      : []),
    // Data, not script: the CSP's script-src does not apply to a JSON block.
    ...(head.initialData
      ? [
          `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${escapeJsonForScript(JSON.stringify(head.initialData))}</script>`,
        ]
      : []),
  ];
  return tags.join('\n    ');
}

export function siteHead(seo: Seo, canonicalBase: string, path: string, image?: string): PageHead {
  return {
    title: seo.title,
    description: seo.description,
    keywords: seo.keywords,
    canonical: absoluteUrl(canonicalBase, path),
    ogType: OG_TYPE,
    image: image ? absoluteUrl(canonicalBase, image) : undefined,
    siteName: seo.title,
  };
}

/** The verified buyers' reviews a product page's JSON-LD carries (visible ones only). */
export type PageReviews = { average: number; count: number; reviews: readonly Review[] };

/**
 * Reviews are the rating search engines should show: written by verified buyers, each with a
 * name and words. Without any, the open star rating stands in, counted as ratings (ratingCount),
 * not reviews, since nobody wrote anything.
 */
function ratingData(product: Product, reviews: PageReviews | undefined) {
  if (reviews && reviews.count > 0) {
    return {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: reviews.average,
        reviewCount: reviews.count,
        bestRating: 5,
        worstRating: 1,
      },
      review: reviews.reviews.map((review) => ({
        '@type': 'Review',
        author: { '@type': 'Person', name: review.author },
        datePublished: review.createdAt.slice(0, 10),
        reviewBody: review.body,
        reviewRating: {
          '@type': 'Rating',
          ratingValue: review.rating,
          bestRating: 5,
          worstRating: 1,
        },
      })),
    };
  }
  if (product.rating.count > 0) {
    return {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: product.rating.average,
        ratingCount: product.rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    };
  }
  return {};
}

export function productHead(
  seo: Seo,
  canonicalBase: string,
  product: Product,
  reviews: PageReviews | undefined,
  locale: Locale,
): PageHead {
  // The page's language picks the product's words (decision 050); its address stays the
  // English name's, one canonical address per product (Kiswahili's adds ?lang=sw).
  const path = productPath(product);
  const name = productName(product, locale);
  const url = absoluteUrl(canonicalBase, path);
  const images = product.imageUrls.map((image) => absoluteUrl(canonicalBase, image));
  const price = fromCents(discountedPriceCents(toCents(product.price), product.discounts)).toFixed(
    2,
  );
  const description = summarise(productDescription(product, locale)) || seo.description;
  return {
    title: `${name} | ${seo.title}`,
    description,
    keywords: [name, product.category, product.Type, seo.keywords].filter(Boolean).join(', '),
    canonical: url,
    ogType: 'product',
    image: images[0],
    siteName: seo.title,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name,
      description,
      sku: product._id,
      category: product.category,
      ...(images.length > 0 ? { image: images } : {}),
      offers: {
        '@type': 'Offer',
        url,
        price,
        priceCurrency: 'KES',
        availability:
          product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      ...ratingData(product, reviews),
    },
  };
}

/** A post's page: an article for link previews, its first picture as the preview image. */
export function blogPostHead(seo: Seo, canonicalBase: string, post: BlogPost): PageHead {
  const url = absoluteUrl(canonicalBase, blogPostPath(post));
  const image = post.imageUrls[0];
  const description = post.description || seo.description;
  return {
    title: `${post.title} | ${seo.title}`,
    description,
    keywords: [post.title, seo.keywords].filter(Boolean).join(', '),
    canonical: url,
    ogType: 'article',
    image: image ? absoluteUrl(canonicalBase, image) : undefined,
    siteName: seo.title,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      datePublished: post.createdAt,
      url,
      ...(image ? { image: [absoluteUrl(canonicalBase, image)] } : {}),
    },
  };
}

const HEAD_MARKER = '<!--soko-head-->';

/**
 * Puts the head tags at the build's marker, replacing the build's placeholder title. Spliced by
 * position, not with String.replace: its pattern would read `$&`, `$'` or `` $` `` in a name as
 * "the marker" or "the rest of the page" and copy the template into the head.
 */
export function injectHead(indexHtml: string, head: PageHead): string {
  const withoutTitle = indexHtml
    .replace(/<title>[^<]*<\/title>/, '')
    .replace('<html lang="en">', `<html lang="${head.locale ?? 'en'}">`);
  const at = withoutTitle.indexOf(HEAD_MARKER);
  if (at === -1) return withoutTitle;
  return withoutTitle.slice(0, at) + renderHead(head) + withoutTitle.slice(at + HEAD_MARKER.length);
}
