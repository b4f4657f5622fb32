// Search's SQL: one engine on PGlite and PostgreSQL alike (migration 0005: a weighted tsvector
// per product and a word list with a trigram index, both kept by triggers).
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_RANKED_MAX, typeLabel, type SearchQuery } from '@soko/contract';
import { rowsOf, type Db } from '../../platform/db';

/** Below this length a word is only ever a prefix: corrections of 'oi' would be noise. */
const MIN_CORRECTED_LENGTH = 4;
const CORRECTIONS_PER_WORD = 3;

/**
 * For each word no catalogue word starts with, the closest words the catalogue has (pg_trgm
 * similarity, through the trigram index). Known words are left alone, so 'soap' never also
 * finds 'soak'. One round trip for every word of the query.
 */
export async function spellingFixes(db: Db, words: readonly string[]) {
  const unknown = words.filter((word) => word.length >= MIN_CORRECTED_LENGTH);
  const fixes = new Map<string, string[]>();
  if (unknown.length === 0) return fixes;
  const rows = rowsOf<{ word: string; fix: string }>(
    await db.execute(sql`
      select q.w as word, s.word as fix
      from (values ${sql.join(
        unknown.map((word) => sql`(${word}::text)`),
        sql`, `,
      )}) as q(w)
      cross join lateral (
        select word from search_words
        where not exists (select 1 from search_words k where k.word like q.w || '%')
          and word % q.w
        order by similarity(word, q.w) desc, word
        limit ${CORRECTIONS_PER_WORD}
      ) s`),
  );
  for (const row of rows) fixes.set(row.word, [...(fixes.get(row.word) ?? []), row.fix]);
  return fixes;
}

// What a shopper pays, as the contract's discountedPriceCents computes it: a leading number in
// `discounts` (parseFloat) between 0 and 100 is a percentage off.
const PERCENT = sql`nullif(substring(p.discounts from '^\\s*([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)'), '')::numeric`;
export const EFFECTIVE_CENTS = sql`(case when ${PERCENT} > 0 and ${PERCENT} < 100
  then round(p.price_cents * (100 - ${PERCENT}) / 100) else p.price_cents end)`;
// The Type filter's label rule (typeLabel): trimmed, lower-cased, one trailing 's' dropped.
const TYPE_KEY = sql`regexp_replace(lower(btrim(p.type)), 's$', '')`;

function matching(tsquery: string, filters: Partial<SearchQuery> = {}): SQL {
  const conditions: SQL[] = [
    sql`p.search_vector @@ to_tsquery('simple', ${tsquery})`,
    sql`p.deleted_at is null`,
    sql`c.deleted_at is null`,
  ];
  if (filters.category) conditions.push(sql`lower(c.name) = lower(${filters.category})`);
  // The label as the filter shows it ('Glas' for 'Glass', typeLabel's literal rule) or as a
  // shopper would type it ('creams'): either names the key.
  if (filters.type) {
    conditions.push(
      sql`${TYPE_KEY} in (lower(${filters.type}), lower(${typeLabel(filters.type)}))`,
    );
  }
  if (filters.minPrice !== undefined)
    conditions.push(sql`${EFFECTIVE_CENTS} >= ${Math.round(filters.minPrice * 100)}`);
  if (filters.maxPrice !== undefined)
    conditions.push(sql`${EFFECTIVE_CENTS} <= ${Math.round(filters.maxPrice * 100)}`);
  if (filters.inStock === 'true') conditions.push(sql`p.stock > 0`);
  return sql.join(conditions, sql` and `);
}

const FROM = sql`products p join categories c on c.id = p.category_id join shops s on s.id = p.shop_id`;

/** A product named exactly as the query, in English or in Swahili (each has its own index). */
const namedAs = (phrase: string) =>
  sql`(soko_normalize(p.name) = ${phrase} or soko_normalize(p.name_sw) = ${phrase})`;

function orderBy(sort: SearchQuery['sort'], tsquery: string, phrase: string): SQL {
  switch (sort) {
    case 'price-asc':
      return sql`${EFFECTIVE_CENTS} asc, p.created_at desc, p.id`;
    case 'price-desc':
      return sql`${EFFECTIVE_CENTS} desc, p.created_at desc, p.id`;
    case 'newest':
      return sql`p.created_at desc, p.id`;
    case 'relevance':
      // In stock first; then the weighted rank (a name match outweighs a description mention)
      // with a bonus for a name that is the query itself.
      return sql`(p.stock > 0) desc,
        ts_rank('{0.1, 0.2, 0.4, 1.0}', p.search_vector, to_tsquery('simple', ${tsquery}))
          + case when ${namedAs(phrase)} then 1 else 0 end desc,
        p.created_at desc, p.id`;
  }
}

/**
 * The most matches one search ranks. A word as common as 'oil' can match a tenth of a large
 * catalogue, and ranking every match costs a read of each; past this many, the first found are
 * ranked (plus every product named exactly as the query, found by its own index), and the total
 * says "at least this many". See decision 011.
 */
export const SEARCH_CANDIDATES = SEARCH_RANKED_MAX;

/**
 * Matching products: every product named exactly as the query (its own index), then at most
 * SEARCH_CANDIDATES others, filters applied.
 */
function candidates(tsquery: string, phrase: string, filters: Partial<SearchQuery> = {}) {
  return sql`(
    (select p.id from ${FROM}
      where ${namedAs(phrase)} and ${matching(tsquery, filters)})
    union
    (select p.id from ${FROM} where ${matching(tsquery, filters)} limit ${SEARCH_CANDIDATES})
  )`;
}

/** One page of matching product ids, with the number of matches (capped, see above). */
export async function searchProductIds(
  db: Db,
  tsquery: string,
  phrase: string,
  query: SearchQuery,
) {
  const rows = rowsOf<{ id: string; total: number }>(
    await db.execute(sql`
      select p.id, count(*) over ()::int as total
      from ${candidates(tsquery, phrase, query)} m
      join products p on p.id = m.id
      order by ${orderBy(query.sort, tsquery, phrase)}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
  );
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
}

export async function searchFacets(db: Db, tsquery: string, filters: Partial<SearchQuery>) {
  const { category: _category, ...withoutCategory } = filters;
  const { type: _type, ...withoutType } = filters;
  const { minPrice: _min, maxPrice: _max, ...withoutPrice } = filters;
  const [categories, types, prices, totals] = await Promise.all([
    db.execute(sql`
      select min(c.name) as name, count(*)::int as count from ${FROM}
      where ${matching(tsquery, withoutCategory)}
      group by lower(c.name) order by count(*) desc, min(c.name) limit 30`),
    db.execute(sql`
      select ${TYPE_KEY} as key, count(*)::int as count from ${FROM}
      where ${matching(tsquery, withoutType)} and nullif(btrim(p.type), '') is not null
      group by 1 order by count(*) desc, 1 limit 30`),
    db.execute(sql`
      select min(${EFFECTIVE_CENTS})::int as min, max(${EFFECTIVE_CENTS})::int as max
      from ${FROM} where ${matching(tsquery, withoutPrice)}`),
    db.execute(sql`select count(*)::int as total from ${FROM} where ${matching(tsquery, filters)}`),
  ]);
  return {
    categories: rowsOf<{ name: string; count: number }>(categories),
    types: rowsOf<{ key: string; count: number }>(types),
    prices: rowsOf<{ min: number | null; max: number | null }>(prices)[0],
    total: rowsOf<{ total: number }>(totals)[0]?.total ?? 0,
  };
}

/** The best few matches, with what a suggestion line shows. */
export async function suggestProducts(db: Db, tsquery: string, phrase: string, limit: number) {
  return rowsOf<{
    id: string;
    name: string;
    name_sw: string | null;
    cents: number;
    image: string | null;
    owner_id: string;
    shop_id: string;
    category: string;
  }>(
    await db.execute(sql`
      select p.id, p.name, p.name_sw, ${EFFECTIVE_CENTS}::int as cents, p.image_urls[1] as image,
        s.owner_id, s.id as shop_id, c.name as category
      from ${candidates(tsquery, phrase)} m
      join products p on p.id = m.id
      join categories c on c.id = p.category_id
      join shops s on s.id = p.shop_id
      order by ${orderBy('relevance', tsquery, phrase)}
      limit ${limit}`),
  );
}
