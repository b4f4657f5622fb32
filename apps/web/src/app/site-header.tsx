import { Suspense, lazy, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import type { Shop } from '@soko/contract';
import { CartIcon, MapPinIcon, SearchIcon, UserIcon } from '../components/icons';
import { useCurrentShop } from '../features/tenants/api/get-metadata';
import { useCartItemCount } from '../features/cart/cart-store';
import { signOut, useSession } from '../lib/session';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const iconButton = `flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-brand-800 ${focusRing}`;

const mainLinks = [
  { to: '/alllisting', label: 'Shop all' },
  { to: '/new-arrival', label: 'New arrivals' },
  { to: '/PopularChoises', label: 'Popular choices' },
  { to: '/About', label: 'About' },
] as const;

/** For signed-in users: anyone may open a shop (DESIGN: Shop Management at /shops). */
const shopsLink = { to: '/shops', label: 'Shop Management' } as const;

// The search box with its suggestions is loaded when the shopper first reaches for the search
// button (pointer over it, focus on it), so by the click it is usually there already; the
// first load of '/' stays without it (bench/first-load.mjs).
const loadSearchBox = () => import('../features/search/components/header-search-box');
const HeaderSearchBox = lazy(async () => ({ default: (await loadSearchBox()).HeaderSearchBox }));
const preloadSearchBox = () => {
  void loadSearchBox();
};

export function SiteHeader() {
  const { data: shop, isPending } = useCurrentShop();
  const { signedIn } = useSession();
  const [searchOpen, setSearchOpen] = useState(false);
  const searchId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeSearch = () => {
    setSearchOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 pt-3 pb-2">
        {isPending ? (
          <p role="status" className="col-start-1 row-start-1 text-sm text-stone-500">
            Loading shop data...
          </p>
        ) : (
          <>
            <Link
              to="/"
              className={`col-start-1 row-start-1 max-w-full justify-self-start truncate text-lg font-bold text-brand-800 hover:text-brand-900 md:text-xl ${focusRing}`}
            >
              {shop?.name ?? 'Soko'}
            </Link>
            <ShopLocation shop={shop ?? null} />
          </>
        )}

        <div className="col-start-2 row-start-1 flex items-center gap-1 md:row-span-2">
          <button
            ref={toggleRef}
            type="button"
            aria-label="Search products"
            aria-expanded={searchOpen}
            aria-controls={searchId}
            onClick={() => setSearchOpen((open) => !open)}
            onPointerEnter={preloadSearchBox}
            onFocus={preloadSearchBox}
            className={`${iconButton} aria-expanded:bg-stone-100`}
          >
            <SearchIcon className="size-5" />
          </button>
          <CartLink />
          <AccountLink />
        </div>
      </div>

      <NavigationNotice />

      <div id={searchId} hidden={!searchOpen} className="mx-auto max-w-6xl px-4 pb-3">
        {searchOpen && (
          <Suspense fallback={<SearchBoxLoading />}>
            <HeaderSearchBox onDone={() => setSearchOpen(false)} onEscape={closeSearch} />
          </Suspense>
        )}
      </div>

      <nav aria-label="Main" className="border-t border-stone-100">
        <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 text-sm whitespace-nowrap">
          {(signedIn ? [...mainLinks, shopsLink] : mainLinks).map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={`inline-block rounded px-2 py-2 font-medium text-stone-700 hover:text-brand-800 aria-[current=page]:text-brand-800 aria-[current=page]:underline ${focusRing} focus-visible:outline-offset-0`}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/** The address as a link to its first map URL, in a new tab (spec section 2). */
function ShopLocation({ shop }: { shop: Shop | null }) {
  const address = shop?.location.address.trim();
  const mapUrl = shop?.location.mapurl[0];
  const className =
    'col-span-2 row-start-2 flex min-w-0 items-center gap-1 text-sm text-stone-600 md:col-span-1';

  if (!address) {
    return <p className={className}>Location not available</p>;
  }
  const content = (
    <>
      <MapPinIcon className="size-4 shrink-0 text-brand-700" />
      <span className="truncate">{address}</span>
    </>
  );
  if (!mapUrl) return <p className={className}>{content}</p>;
  return (
    <a
      href={mapUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`${className} w-fit max-w-full hover:text-brand-800 hover:underline ${focusRing}`}
    >
      {content}
      <span className="sr-only"> (map, opens in a new tab)</span>
    </a>
  );
}

/** The box's place while its code arrives (a slow phone network): the same height, no jump. */
function SearchBoxLoading() {
  return (
    <p
      role="status"
      className="flex h-[42px] items-center rounded-md border border-stone-200 px-3 text-stone-500"
    >
      Loading search...
    </p>
  );
}

/** The cart icon with the number of items in it (quantities summed). */
function CartLink() {
  const count = useCartItemCount();
  return (
    <Link to="/cart" className={`relative ${iconButton}`}>
      <CartIcon className="size-5" />
      <span className="sr-only">
        Cart{count > 0 ? `, ${count} ${count === 1 ? 'item' : 'items'}` : ''}
      </span>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-800 px-1 text-xs font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

/** Signed out: 'Login' to /login. Signed in: 'Profile' to /profile and a 'Sign out' button. */
function AccountLink() {
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const link = signedIn ? { to: '/profile', label: 'Profile' } : { to: '/login', label: 'Login' };
  const pill = `flex h-10 items-center gap-1 rounded-full px-2 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-brand-800 ${focusRing}`;
  return (
    <>
      <Link to={link.to} className={pill}>
        <UserIcon className="hidden size-5 sm:block" />
        {link.label}
      </Link>
      {signedIn && (
        <button
          type="button"
          className={pill}
          onClick={() => {
            signOut();
            void navigate('/');
          }}
        >
          Sign out
        </button>
      )}
    </>
  );
}

/**
 * A notice passed through navigation state (e.g. a guarded page sending a shopper home),
 * announced as an alert on the page it lands on.
 */
function NavigationNotice() {
  const location = useLocation();
  const state: unknown = location.state;
  const notice =
    typeof state === 'object' && state !== null && 'notice' in state
      ? (state as { notice: unknown }).notice
      : undefined;
  if (typeof notice !== 'string' || !notice) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-2">
      <p
        role="alert"
        className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      >
        {notice}
      </p>
    </div>
  );
}
