import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { partOfKey, type RoutePart, type StaffPart } from './compile-catalog';

// Decision 049, "Second slice": the browser loads the start part of the messages at start, and a
// route's (or a lazy section's) own part with its code (`withMessages`). A text whose part is not
// loaded shows its key. This follows the app's imports from main.tsx as the bundler does: a
// static import runs with its importer, so it has the importer's parts; `withMessages([...],
// () => import(...))` adds its parts to what it loads; any other `import()` keeps the importer's.
// Every message key a file names must be in the start part or a part loaded by then.

type Reader = (file: string) => string | null;
type Part = RoutePart | StaffPart;
type Use = { file: string; key: string; part: Part; loaded: string[]; via: string[] };
/** The names a file is imported for; re-exports of other names are not followed. */
type Wanted = ReadonlySet<string> | 'all';

const IMPORT = /^\s*import\s+(?!type[\s{])([^'";]*?)\s*from\s+'([^']+)'/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s+'([^']+)'/gm;
const RE_EXPORT = /^\s*export\s+(?!type[\s{])(\*|\{[^}]*\})\s*from\s+'([^']+)'/gm;
const WITH_MESSAGES = /withMessages\(\s*\[([^\]]*)\]\s*,[^]*?import\(\s*'([^']+)'\s*\)/g;
// A staff route (decision 050): its module and `loadStaffMessages(parts)` in one Promise.all,
// the module imported in place or through `const pages = () => import('...')`.
const STAFF_LOAD =
  /Promise\.all\(\[\s*(?:(import\(\s*'[^']+'\s*\))|(\w+)\(\))\s*,\s*loadStaffMessages\(([^)]*)\)/g;
/** What lib/staff-messages.ts loads besides the staff parts it is asked for, in English. */
const STAFF_ALSO: readonly RoutePart[] = ['problem', 'footer', 'chat'];
// `(await import('x')).Name` and `import('x').then(({ Name }) => ...)` take one name.
const DYNAMIC_IMPORT = /import\(\s*'([^']+)'\s*\)(?:\)\.(\w+)|\.then\(\(\{\s*([\w\s,]+?)\s*\}\))?/g;
const QUOTED = /(['"])([A-Za-z]+(?:\.[\w-]+)+)\1/g;
// A type's `owner.${string}` names no key.
const TEMPLATE_KEY = /`([A-Za-z]+)\.[^`]*?\$\{(?!string\})/g;

function resolve(read: Reader, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => /\.tsx?$/.test(file) && read(file) !== null) ?? null;
}

/** `{ A, B as C, type D }` as [exported or local name, imported name] pairs, types left out. */
function namedPairs(braces: string): [string, string][] {
  return braces
    .replace(/[{}]/g, '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => {
      const [imported = name, local = imported] = name.split(/\s+as\s+/);
      return [local, imported];
    });
}

/** What an import clause takes from its module: `X, { A, B as C }` -> default, A, B. */
function importedNames(clause: string): Wanted {
  if (clause.includes('*')) return 'all';
  const braces = /\{[^}]*\}/.exec(clause)?.[0] ?? '';
  const names = new Set(namedPairs(braces).map(([, imported]) => imported));
  if (clause.replace(braces, '').replace(',', '').trim()) names.add('default');
  return names;
}

/** The keys a file names: quoted keys of the catalog, and `prefix.${...}` templates' prefixes. */
function keysIn(source: string, keys: ReadonlySet<string>, prefixes: ReadonlySet<string>) {
  const found = new Set<string>();
  for (const [, , literal] of source.matchAll(QUOTED)) {
    if (literal && keys.has(literal)) found.add(literal);
  }
  for (const [, prefix] of source.matchAll(TEMPLATE_KEY)) {
    if (prefix && prefixes.has(prefix)) found.add(`${prefix}.\${…}`);
  }
  return found;
}

/** Every key used where its part is not loaded, following the imports from `entry`. */
function keysOutOfPart(read: Reader, entry: string, keys: ReadonlySet<string>): Use[] {
  const prefixes = new Set([...keys].map((key) => key.slice(0, key.indexOf('.'))));
  const misses: Use[] = [];
  const seen = new Set<string>();
  const visit = (file: string, wanted: Wanted, loaded: ReadonlySet<Part>, via: string[]) => {
    const names = wanted === 'all' ? '*' : [...wanted].sort().join();
    const visitKey = `${file}|${names}|${[...loaded].sort().join()}`;
    if (seen.has(visitKey)) return;
    seen.add(visitKey);
    const source = read(file) ?? '';
    for (const key of keysIn(source, keys, prefixes)) {
      const part = partOfKey(key);
      if (part !== 'start' && !loaded.has(part)) {
        misses.push({ file, key, part, loaded: [...loaded], via });
      }
    }
    const next = [...via, file];
    const follow = (specifier: string | undefined, take: Wanted, parts: ReadonlySet<Part>) => {
      const target = specifier && resolve(read, file, specifier);
      if (target) visit(target, take, parts, next);
    };
    for (const [, clause = '', specifier] of source.matchAll(IMPORT)) {
      follow(specifier, importedNames(clause), loaded);
    }
    for (const [, specifier] of source.matchAll(SIDE_EFFECT_IMPORT)) {
      follow(specifier, new Set(), loaded);
    }
    // A re-export runs only for the names asked of this file (a feature's index.ts).
    for (const [, what = '', specifier] of source.matchAll(RE_EXPORT)) {
      if (what === '*') {
        follow(specifier, wanted, loaded);
        continue;
      }
      const pairs = namedPairs(what).filter(
        ([exported]) => wanted === 'all' || wanted.has(exported),
      );
      if (pairs.length > 0)
        follow(specifier, new Set(pairs.map(([, imported]) => imported)), loaded);
    }
    const withParts = new Map<number, Part[]>();
    for (const match of source.matchAll(WITH_MESSAGES)) {
      const parts = [...(match[1] ?? '').matchAll(/'([^']+)'/g)].map(
        ([, part]) => part as RoutePart,
      );
      withParts.set(match.index + match[0].lastIndexOf('import('), parts);
    }
    for (const match of source.matchAll(STAFF_LOAD)) {
      const [, inPlace, loader, asked = ''] = match;
      const parts = [
        ...[...asked.matchAll(/'([^']+)'/g)].map(([, part]) => part as StaffPart),
        ...STAFF_ALSO,
      ];
      const at = inPlace
        ? match.index + match[0].indexOf('import(')
        : new RegExp(`const ${loader} = \\(\\) => (import\\()`, 'd').exec(source)
            ?.indices?.[1]?.[0];
      if (at !== undefined) withParts.set(at, [...(withParts.get(at) ?? []), ...parts]);
    }
    for (const match of source.matchAll(DYNAMIC_IMPORT)) {
      const [, specifier, property, destructured] = match;
      const take: Wanted = property
        ? new Set([property])
        : destructured
          ? new Set(namedPairs(destructured).map(([, imported]) => imported))
          : 'all';
      follow(specifier, take, new Set([...loaded, ...(withParts.get(match.index) ?? [])]));
    }
  };
  visit(entry, 'all', new Set(), []);
  return misses;
}

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const readSource: Reader = (file) => {
  const full = path.join(src, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : null;
};
const english = JSON.parse(readSource('locales/en.json') ?? '{}') as Record<string, string>;

describe('each page uses only the messages it has loaded', () => {
  it('finds every key a route or lazy section uses in the start part or a part loaded with it', () => {
    expect(keysOutOfPart(readSource, 'main.tsx', new Set(Object.keys(english)))).toEqual([]);
  });

  it('follows a staff route to its parts, and reports an admin key on an owner screen', () => {
    const files: Record<string, string> = {
      'main.tsx': "import { routes } from './routes';",
      'routes.tsx': [
        "const shopPages = () => import('./shops');",
        "const shop = async () => (await Promise.all([shopPages(), loadStaffMessages('owner')]))[0];",
        'const blog = async () => {',
        "  const [page] = await Promise.all([import('./add-blog'), loadStaffMessages('owner', 'admin')]);",
        '};',
      ].join('\n'),
      'shops.tsx': "t('owner.title');\nt('admin.title');\nt('problem.required');",
      'add-blog.tsx': "t('admin.title');",
    };
    const read: Reader = (file) => files[file] ?? null;
    const keys = new Set(['owner.title', 'admin.title', 'problem.required']);
    expect(keysOutOfPart(read, 'main.tsx', keys)).toEqual([
      {
        file: 'shops.tsx',
        key: 'admin.title',
        part: 'admin',
        loaded: ['owner', 'problem', 'footer', 'chat'],
        via: ['main.tsx', 'routes.tsx'],
      },
    ]);
  });

  it('reports a checkout screen that uses an order page key', () => {
    const files: Record<string, string> = {
      'main.tsx': "import { routes } from './routes';",
      'routes.tsx': [
        "const checkout = withMessages(['checkout'], async () => ({",
        "  Component: (await import('./checkout-page')).CheckoutPage,",
        '}));',
        "const search = () => import('./search-page');",
      ].join('\n'),
      'checkout-page.tsx': [
        "import { Summary } from './summary';",
        "import { PrivacyNote } from './privacy';",
        "t('checkout.title');",
      ].join('\n'),
      // A feature's entry file: only what is imported of it is loaded.
      'privacy/index.ts': [
        "export { PrivacyNote } from './privacy-note';",
        "export { YourData } from './your-data';",
      ].join('\n'),
      'privacy/privacy-note.tsx': "t('shell.privacyNotice');",
      'privacy/your-data.tsx': "t('account.yourData');",
      'summary.tsx': "const key = 'orders.title';\nconst stage = t(`checkout.stage.${stage}`);",
      'search-page.tsx': 'const label = t(`search.sort.${sort}`);',
    };
    const read: Reader = (file) => files[file] ?? null;
    const keys = new Set([
      'checkout.title',
      'orders.title',
      'checkout.stage.order',
      'search.sort.new',
    ]);
    expect(keysOutOfPart(read, 'main.tsx', keys)).toEqual([
      {
        file: 'summary.tsx',
        key: 'orders.title',
        part: 'orders',
        loaded: ['checkout'],
        via: ['main.tsx', 'routes.tsx', 'checkout-page.tsx'],
      },
      {
        file: 'search-page.tsx',
        key: 'search.${…}',
        part: 'search',
        loaded: [],
        via: ['main.tsx', 'routes.tsx'],
      },
    ]);
  });
});
