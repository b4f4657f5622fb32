import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { WEEKDAYS, type Shop } from '@soko/contract';
import {
  AirtelMoneyBadge,
  FacebookIcon,
  InstagramIcon,
  MastercardBadge,
  MpesaBadge,
  VisaBadge,
  XTwitterIcon,
} from '../components/brand-icons';
import { MailIcon, MapPinIcon, PhoneIcon } from '../components/icons';
import { NewsletterForm } from '../features/newsletter/components/newsletter-form';
import { useCurrentShop } from '../features/tenants/api/get-metadata';
import { useT, type MessageKey } from '../lib/i18n';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const linkClass = `text-stone-700 underline-offset-2 hover:text-brand-800 hover:underline ${focusRing}`;

export function SiteFooter() {
  const { data: shop, isPending } = useCurrentShop();
  const t = useT();

  return (
    // Bottom padding keeps the floating chat button off the last line on phones.
    <footer className="mt-auto border-t border-stone-200 bg-stone-50 pb-20 text-sm text-stone-600 md:pb-6">
      <div className="mx-auto max-w-6xl px-4 pt-8">
        {isPending ? (
          <p role="status">{t('footer.loadingFooter')}</p>
        ) : (
          <FooterContent shop={shop ?? null} />
        )}
      </div>
    </footer>
  );
}

function FooterContent({ shop }: { shop: Shop | null }) {
  const name = shop?.name ?? 'Soko';
  const t = useT();
  return (
    <>
      <p className="text-lg font-bold text-brand-800">{name}</p>
      <div className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        <FooterSection title={t('footer.openingDays')}>
          <OpeningDays periods={shop?.operationperiods ?? {}} />
        </FooterSection>
        <FooterSection title={t('footer.companyPolicy')}>
          <p className="leading-relaxed whitespace-pre-line">
            {shop?.companypolicy.trim() || t('footer.noPolicy')}
          </p>
        </FooterSection>
        <FooterSection title={t('footer.newsletter')}>
          <p className="mb-3">{t('footer.newsletterPitch')}</p>
          <NewsletterForm />
        </FooterSection>
        <FooterSection title={t('footer.contactUs')}>
          <ContactDetails shop={shop} />
        </FooterSection>
      </div>

      <div className="mt-8 flex flex-col gap-4 border-t border-stone-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-wrap items-center gap-2">
          <span id="payment-methods-label" className="font-medium text-stone-700">
            {t('footer.weAccept')}
          </span>
          <ul aria-labelledby="payment-methods-label" className="flex flex-wrap gap-2">
            <li>
              <MpesaBadge />
            </li>
            <li>
              <AirtelMoneyBadge />
            </li>
            <li>
              <VisaBadge />
            </li>
            <li>
              <MastercardBadge />
            </li>
          </ul>
        </div>
        <nav aria-label={t('footer.more')}>
          <Link to="/blog" className={linkClass}>
            {t('footer.blog')}
          </Link>{' '}
          <Link to="/privacy" className={`ml-4 ${linkClass}`}>
            {t('shell.privacyNotice')}
          </Link>
        </nav>
        {/* The spec's copyright line states 2025, not the current year. */}
        <p>{t('footer.copyright', { name })}</p>
      </div>
    </>
  );
}

function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={sectionId(title)}>
      <h2 id={sectionId(title)} className="mb-3 text-base font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const sectionId = (title: string) => `footer-${title.toLowerCase().replace(/\s+/g, '-')}`;

const dayKey = (day: string) => `day.${day}` as MessageKey;

/** Each weekday the shop has hours for, Monday first (the server's JSON has no order). */
function OpeningDays({ periods }: { periods: Shop['operationperiods'] }) {
  const t = useT();
  const days = WEEKDAYS.flatMap((day) => {
    const period = periods[day];
    return period ? [{ day, ...period }] : [];
  });
  if (days.length === 0) return <p>{t('footer.noOperationPeriods')}</p>;
  return (
    <ul className="max-w-64 space-y-1">
      {days.map(({ day, open, close }) => (
        <li key={day} className="flex justify-between gap-4">
          <span className="font-medium text-stone-700">{t(dayKey(day))}</span>{' '}
          <span className="tabular-nums">
            {open} - {close}
          </span>
        </li>
      ))}
    </ul>
  );
}

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

const SOCIAL_NETWORKS: ReadonlyArray<{ label: string; hosts: string[]; Icon: IconComponent }> = [
  { label: 'Facebook', hosts: ['facebook.com'], Icon: FacebookIcon },
  { label: 'X (Twitter)', hosts: ['twitter.com', 'x.com'], Icon: XTwitterIcon },
  { label: 'Instagram', hosts: ['instagram.com'], Icon: InstagramIcon },
];

/** Only Facebook, Twitter/X and Instagram links get an icon; others are ignored (spec). */
function socialLinks(urls: readonly string[]) {
  const found = new Map<string, { href: string; label: string; Icon: IconComponent }>();
  for (const url of urls) {
    let host: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') continue;
      host = parsed.hostname.toLowerCase();
    } catch {
      continue;
    }
    const network = SOCIAL_NETWORKS.find(({ hosts }) =>
      hosts.some((known) => host === known || host.endsWith(`.${known}`)),
    );
    if (network && !found.has(network.label)) {
      found.set(network.label, { href: url, label: network.label, Icon: network.Icon });
    }
  }
  return SOCIAL_NETWORKS.flatMap(({ label }) => {
    const link = found.get(label);
    return link ? [link] : [];
  });
}

function ContactDetails({ shop }: { shop: Shop | null }) {
  const address = shop?.location.address.trim();
  const mapUrl = shop?.location.mapurl[0];
  const phone = shop?.contact.phoneno.trim();
  const email = shop?.contact.email.trim();
  const socials = socialLinks(shop?.socialmedialinks ?? []);
  const t = useT();

  return (
    <div className="space-y-3">
      <ul className="space-y-2">
        <li className="flex items-start gap-2">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {address && mapUrl ? (
            <a href={mapUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {address}
              <span className="sr-only">{t('shell.mapNewTab')}</span>
            </a>
          ) : (
            <span>{address || t('shell.locationNotAvailable')}</span>
          )}
        </li>
        {phone && (
          <li className="flex items-center gap-2">
            <PhoneIcon className="size-4 shrink-0 text-brand-700" />
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
              {phone}
            </a>
          </li>
        )}
        {email && (
          <li className="flex items-center gap-2">
            <MailIcon className="size-4 shrink-0 text-brand-700" />
            <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
              {email}
            </a>
          </li>
        )}
      </ul>
      {socials.length > 0 && (
        <ul aria-label={t('footer.socialMedia')} className="flex gap-2">
          {socials.map(({ href, label, Icon }) => (
            <li key={label}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={label}
                className={`flex size-10 items-center justify-center rounded-full bg-white text-stone-700 ring-1 ring-stone-200 hover:text-brand-800 ${focusRing}`}
              >
                <Icon className="size-5" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
