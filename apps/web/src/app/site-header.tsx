import { Suspense, lazy, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LANG_PARAM, LOCALE_NAMES, LOCALES, type Shop } from '@soko/contract';
import { CartIcon, MapPinIcon, SearchIcon, UserIcon } from '../components/icons';
import { useCurrentShop } from '../features/tenants/api/get-metadata';
import { useCartItemCount } from '../features/cart/cart-store';
import { useLocale, useT, type MessageKey } from '../lib/i18n';
import { signOut, useSession } from '../lib/session';
import { useStaffScreen } from './staff-screen';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const iconButton = `flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-brand-800 ${focusRing}`;

const mainLinks: ReadonlyArray<{ to: string; label: MessageKey }> = [
  { to: '/alllisting', label: 'shell.shopAll' },
  { to: '/new-arrival', label: 'shell.newArrivals' },
  { to: '/PopularChoises', label: 'shell.popularChoices' },
  { to: '/About', label: 'shell.about' },
];

/** For signed-in users: anyone may open a shop (DESIGN: Shop Management at /shops). */
const shopsLink = { to: '/shops', label: 'shell.shopManagement' } as const;

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
  const t = useT();
  const staffScreen = useStaffScreen();

  const closeSearch = () => {
    setSearchOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 pt-3 pb-2">
        {isPending ? (
          <p role="status" className="col-start-1 row-start-1 text-sm text-stone-500">
            {t('shell.loadingShop')}
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
            aria-label={t('shell.searchProducts')}
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

      <div className="mx-auto flex max-w-6xl items-center border-t border-stone-100 pr-2">
        <nav aria-label="Main" className="min-w-0 flex-1">
          <ul className="flex gap-1 overflow-x-auto px-2 text-sm whitespace-nowrap">
            {(signedIn ? [...mainLinks, shopsLink] : mainLinks).map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={`inline-block rounded px-2 py-2 font-medium text-stone-700 hover:text-brand-800 aria-[current=page]:text-brand-800 aria-[current=page]:underline ${focusRing} focus-visible:outline-offset-0`}
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* Owner and admin screens have one language, English (decision 050). */}
        {!staffScreen && <LanguageSwitch />}
      </div>
    </header>
  );
}

/** The address as a link to its first map URL, in a new tab (spec section 2). */
function ShopLocation({ shop }: { shop: Shop | null }) {
  const t = useT();
  const address = shop?.location.address.trim();
  const mapUrl = shop?.location.mapurl[0];
  const className =
    'col-span-2 row-start-2 flex min-w-0 items-center gap-1 text-sm text-stone-600 md:col-span-1';

  if (!address) {
    return <p className={className}>{t('shell.locationNotAvailable')}</p>;
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
      <span className="sr-only">{t('shell.mapNewTab')}</span>
    </a>
  );
}

/** The box's place while its code arrives (a slow phone network): the same height, no jump. */
function SearchBoxLoading() {
  const t = useT();
  return (
    <p
      role="status"
      className="flex h-[42px] items-center rounded-md border border-stone-200 px-3 text-stone-500"
    >
      {t('shell.loadingSearch')}
    </p>
  );
}

/** The cart icon with the number of items in it (quantities summed). */
function CartLink() {
  const count = useCartItemCount();
  const t = useT();
  return (
    <Link to="/cart" className={`relative ${iconButton}`}>
      <CartIcon className="size-5" />
      <span className="sr-only">
        {count > 0 ? t('shell.cartWithItems', { count }) : t('shell.cart')}
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
  const t = useT();
  const link = signedIn
    ? { to: '/profile', label: t('shell.profile') }
    : { to: '/login', label: t('shell.login') };
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
          {t('shell.signOut')}
        </button>
      )}
    </>
  );
}

/**
 * English / Kiswahili (decision 049): a plain link to this page with `?lang=`, which the server
 * answers in that language and keeps in the `lang` cookie. A link works before the app starts
 * (DESIGN "Early taps"), and a whole page in the other language is what a switch should give.
 */
function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const locale = useLocale();
  const t = useT();
  return (
    <ul aria-label={t('shell.language')} className="flex shrink-0 gap-1 text-sm">
      {LOCALES.filter((other) => other !== locale).map((other) => {
        const params = new URLSearchParams(search);
        params.set(LANG_PARAM, other);
        return (
          <li key={other}>
            <a
              href={`${pathname}?${params.toString()}`}
              hrefLang={other}
              lang={other}
              className={`inline-block rounded px-2 py-2 font-medium text-stone-700 hover:text-brand-800 ${focusRing}`}
            >
              {LOCALE_NAMES[other]}
            </a>
          </li>
        );
      })}
    </ul>
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
