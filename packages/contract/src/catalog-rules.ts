// The catalogue's pure rules: no zod here, so the storefront's first load can use them
// without carrying the schema library (catalog.ts holds the schemas and re-exports these).
import type { Locale } from './locale';

// ---------------------------------------------------------------------------------------------
// Product URLs and card text

/**
 * The product URL's name segment (spec route table): lower-cased, each run of whitespace
 * replaced by one hyphen, then URL-encoded. 'Aloe Vera  Gel' -> 'aloe-vera-gel'.
 */
export function productNameSlug(name: string): string {
  return encodeURIComponent(name.toLowerCase().replace(/\s+/g, '-'));
}

/** `userId` is the shop owner's id, kept for the spec's URL shape and trusted for nothing. */
export function productPath(product: { _id: string; userId: string; name: string }): string {
  return `/product/${product._id}/${product.userId}/${productNameSlug(product.name)}`;
}

/**
 * The card's description: its first `words` words, plus '...' only when words were cut
 * (an ellipsis after a complete text would claim there is more to read).
 */
export function cardDescription(text: string | null | undefined, words = 10): string {
  // The '||' that separates the product page's bullets is not a word of the card's text.
  const parts = descriptionBullets(text).join(' ').split(/\s+/).filter(Boolean);
  if (parts.length <= words) return parts.join(' ');
  return `${parts.slice(0, words).join(' ')}...`;
}

/** Description bullets: parts separated by '||', trimmed, empty parts dropped. */
export function descriptionBullets(text: string | null | undefined): string[] {
  return (text ?? '')
    .split('||')
    .map((part) => part.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Type filter

export const ALL_TYPES = 'All';

/**
 * Spec section 9: trimmed, lower-cased, one trailing 's' removed, first letter capitalised.
 * Applied literally, so 'Serums' -> 'Serum' but also 'Glass' -> 'Glas'.
 */
export function typeLabel(type: string | null | undefined): string {
  const lower = (type ?? '').trim().toLowerCase();
  const singular = lower.endsWith('s') ? lower.slice(0, -1) : lower;
  return singular.charAt(0).toUpperCase() + singular.slice(1);
}

/** 'All' followed by each distinct label in first-seen order; products without a type are skipped. */
export function typeFilterOptions(products: ReadonlyArray<{ Type?: string | null }>): string[] {
  const labels = new Set<string>();
  for (const product of products) {
    const label = typeLabel(product.Type);
    if (label) labels.add(label);
  }
  return [ALL_TYPES, ...labels];
}

export function matchesType(product: { Type?: string | null }, label: string): boolean {
  return label === ALL_TYPES || typeLabel(product.Type) === label;
}

// ---------------------------------------------------------------------------------------------
// Paging

/**
 * The header that carries how many rows all pages hold (kept here, free of zod, so a screen that
 * reads it does not pull the schemas into its chunk).
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Spec section 9 page sizes; the category grid drops to 4 under NARROW_BREAKPOINT_PX. */
export const PAGE_SIZES = {
  category: 8,
  categoryNarrow: 4,
  adminProducts: 5,
  orders: 10,
  publicListing: 9,
} as const;

export const NARROW_BREAKPOINT_PX = 768;

/** Never less than one page, so an empty list still reads 'Page 1 of 1'. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The items of a 1-based page; a page outside 1..pageCount is clamped into it. */
export function pageItems<T>(items: readonly T[], page: number, perPage: number): T[] {
  const last = pageCount(items.length, perPage);
  const current = Math.min(Math.max(Math.trunc(page), 1), last);
  return items.slice((current - 1) * perPage, current * perPage);
}

// ---------------------------------------------------------------------------------------------
// Media renditions

/** Widths of the smaller renditions stored beside each image's full-size one. */
export const MEDIA_WIDTHS = [320, 640, 960] as const;

// Optional http(s) origin (and path prefix, for an S3 bucket), then /media/{key}/{w}x{h}.webp.
const MEDIA_URL =
  /^(?<base>(?:https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?)?)\/media\/(?<key>[A-Za-z0-9-]+)\/(?<width>[1-9]\d{0,4})x(?<height>[1-9]\d{0,4})\.webp$/;

export interface MediaRef {
  key: string;
  width: number;
  height: number;
}

export function parseMediaUrl(url: string | null | undefined): MediaRef | null {
  const groups = MEDIA_URL.exec(url ?? '')?.groups;
  if (!groups?.key || !groups.width || !groups.height) return null;
  return { key: groups.key, width: Number(groups.width), height: Number(groups.height) };
}

/** The rendition widths stored for an image of this full width (those below it). */
export function mediaRenditionWidths(fullWidth: number): number[] {
  return MEDIA_WIDTHS.filter((width) => width < fullWidth);
}

export function mediaUrl(key: string, width: number, height: number): string {
  return `/media/${key}/${width}x${height}.webp`;
}

export function mediaRenditionUrl(key: string, width: number): string {
  return `/media/${key}/w${width}.webp`;
}

/** A srcset for one of our media URLs; undefined for any other address. */
/**
 * How wide each kind of image is drawn (the `sizes` attribute), kept here because the server
 * preloads a page's largest image with the same sizes the page then asks for.
 */
export const IMAGE_SIZES = {
  homeStrip: '(min-width: 1152px) 672px, (min-width: 768px) 60vw, 50vw',
  homeSide: '(min-width: 1152px) 224px, (min-width: 768px) 20vw, 25vw',
  productMain: '(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw',
  card4: '(min-width: 1024px) 270px, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw',
  card3: '(min-width: 1024px) 370px, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw',
} as const;

export function imageSrcSet(url: string | null | undefined): string | undefined {
  const ref = parseMediaUrl(url);
  if (!url || !ref) return undefined;
  const base = MEDIA_URL.exec(url)?.groups?.base ?? '';
  const smaller = mediaRenditionWidths(ref.width).map(
    (width) => `${base}${mediaRenditionUrl(ref.key, width)} ${width}w`,
  );
  return [...smaller, `${url} ${ref.width}w`].join(', ');
}

// ---------------------------------------------------------------------------------------------
// Constants the schemas build on

export const PRICING_TYPES = ['Fixed', 'Variable', 'Negotiable'] as const;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** Spec section 1 defaults, used where the tenant has no SEO data. */
export const SEO_DEFAULTS = {
  title: 'Default Title',
  description: 'Default description',
  keywords: 'default, keywords',
  url: 'https://example.com',
} as const;

export const OG_TYPE = 'website';

/** The tenant's SEO fields (catalog.ts's seoSchema has the same shape). */
export type SeoFields = { title: string; description: string; keywords: string; url: string };

/** The same defaults on a page in Kiswahili (decision 050). */
const SEO_DEFAULTS_SW: SeoFields = {
  title: 'Kichwa Chaguo-msingi',
  description: 'Maelezo chaguo-msingi',
  keywords: 'chaguo-msingi, maneno muhimu',
  url: SEO_DEFAULTS.url,
};

/**
 * Each SEO field, or its default when missing or blank, in the page's language. The API answers
 * with the English defaults filled in, so an English default is a missing field here too; what
 * the tenant wrote is its own words, shown as written.
 */
export function seoWithDefaults(
  seo: Partial<SeoFields> | null | undefined,
  locale: Locale = 'en',
): SeoFields {
  const defaults = locale === 'sw' ? SEO_DEFAULTS_SW : SEO_DEFAULTS;
  const pick = (field: keyof SeoFields) => {
    const own = seo?.[field]?.trim();
    return own && own !== SEO_DEFAULTS[field] ? own : defaults[field];
  };
  return {
    title: pick('title'),
    description: pick('description'),
    keywords: pick('keywords'),
    url: pick('url'),
  };
}

/**
 * A variant as people read it (cart, order lines, messages): its name, else its size. The name
 * is what tells variants apart: sizes repeat ('Set of 4' in Blue, Green and Amber) and are often
 * terse ('S', '37') where the name says 'Small', 'EU 37'.
 */
export function variantLabel(variant: { name: string; size: string }): string {
  return variant.name.trim() || variant.size.trim();
}
