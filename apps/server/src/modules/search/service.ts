// Search across every shop's products: prefix matching, spelling correction and ranking in the
// database (queries.ts), shaped into the spec's records here.
import {
  fromCents,
  productPath,
  type Product,
  type SearchFacets,
  type SearchFacetsQuery,
  type SearchQuery,
  type Suggestions,
} from '@soko/contract';
import type { Db } from '../../platform/db';
import { productsByIds } from '../catalog';
import { searchFacets, searchProductIds, spellingFixes, suggestProducts } from './queries';
import { normalizeText, queryWords, tsqueryText } from './text';

const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_CATEGORIES = 3;

/** The tsquery for a typed text, or null when it holds no word (only signs, emoji...). */
async function prepare(db: Db, text: string) {
  const words = queryWords(text);
  if (words.length === 0) return null;
  const fixes = await spellingFixes(db, words);
  return { tsquery: tsqueryText(words, fixes), phrase: normalizeText(text.trim()) };
}

export async function searchProducts(
  db: Db,
  query: SearchQuery,
): Promise<{ products: Product[]; total: number }> {
  const prepared = await prepare(db, query.query);
  if (!prepared) return { products: [], total: 0 };
  const { ids, total } = await searchProductIds(db, prepared.tsquery, prepared.phrase, query);
  return { products: await productsByIds(db, ids), total };
}

export async function facetsFor(db: Db, query: SearchFacetsQuery): Promise<SearchFacets> {
  const empty = { total: 0, categories: [], types: [], minPrice: null, maxPrice: null };
  const prepared = await prepare(db, query.query);
  if (!prepared) return empty;
  const { categories, types, prices, total } = await searchFacets(db, prepared.tsquery, query);
  return {
    total,
    categories,
    // The key is typeLabel's already (lower-cased, one 's' dropped): only its first letter is
    // raised, as typeLabel does; applying typeLabel again would drop a second 's'.
    types: types.map((row) => ({
      label: row.key.charAt(0).toUpperCase() + row.key.slice(1),
      count: row.count,
    })),
    minPrice: prices?.min == null ? null : fromCents(prices.min),
    maxPrice: prices?.max == null ? null : fromCents(prices.max),
  };
}

/**
 * Products from every shop, but categories only from the shop the host shows: /category/:name
 * opens the tenant's category of that name (DESIGN.md), so another shop's category would open
 * empty. Each one offered holds a matched product, so it opens with at least that one.
 */
export async function suggestionsFor(
  db: Db,
  text: string,
  tenantShopId: string | null,
): Promise<Suggestions> {
  const prepared = await prepare(db, text);
  if (!prepared) return { products: [], categories: [] };
  const rows = await suggestProducts(db, prepared.tsquery, prepared.phrase, SUGGESTED_PRODUCTS);
  const categories = [
    ...new Set(rows.filter((row) => row.shop_id === tenantShopId).map((row) => row.category)),
  ].slice(0, SUGGESTED_CATEGORIES);
  return {
    products: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      nameSw: row.name_sw,
      price: fromCents(row.cents),
      image: row.image,
      path: productPath({ _id: row.id, userId: row.owner_id, name: row.name }),
    })),
    categories: categories.map((name) => ({
      name,
      path: `/category/${encodeURIComponent(name)}`,
    })),
  };
}
