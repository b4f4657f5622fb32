// A product's words in the shopper's language (issue 34, decision 050): its owner may give a
// Swahili name and description; a Kiswahili page shows them, and English wherever one is not
// given (each text on its own). Every shopper screen and the server's page head ask here, so the
// rule is written once. Zod-free: the cart's first-load code uses it.
import type { Locale } from './locale';

/** What the name is read from: a product, a cart line, a suggestion. */
export type NamedInLanguages = { name: string; nameSw?: string | null };
export type DescribedInLanguages = { description: string; descriptionSw?: string | null };

// The server stores a blank text as null; an answer from before the fields carries neither.
const given = (text: string | null | undefined): text is string =>
  typeof text === 'string' && text.trim() !== '';

export function productName(product: NamedInLanguages, locale: Locale): string {
  return locale === 'sw' && given(product.nameSw) ? product.nameSw : product.name;
}

export function productDescription(product: DescribedInLanguages, locale: Locale): string {
  return locale === 'sw' && given(product.descriptionSw)
    ? product.descriptionSw
    : product.description;
}
