import { useT, type MessageKey } from '../../../lib/i18n';
// The seller's own face on its page (issue 32, decision 040): its logo, name and description,
// where it is, how to reach it, its hours and its own WhatsApp chat. Drawn from the storefront's
// shops, which every page the server paints already carries, so it is painted with the page.
import { WEEKDAYS, type Shop } from '@soko/contract';
import { ResponsiveImage } from '../../../components/responsive-image';
import { whatsappSendLink } from '../../chat';

const dayKey = (day: string) => `day.${day}` as MessageKey;

/** What the WhatsApp link starts the conversation with; the shopper may change it there. */
export const sellerGreeting = (seller: Pick<Shop, 'name'>) => `Hello ${seller.name}!`;

export function SellerProfile({ seller, headingId }: { seller: Shop; headingId: string }) {
  const t = useT();
  const map = seller.location.mapurl[0];
  const hours = WEEKDAYS.flatMap((day) => {
    const period = seller.operationperiods[day];
    return period ? [{ day, ...period }] : [];
  });
  const whatsapp = seller.whatsapp
    ? whatsappSendLink(seller.whatsapp, sellerGreeting(seller))
    : null;
  const address = [seller.location.address, seller.county && `${seller.county} County`]
    .filter(Boolean)
    .join(', ');

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-center gap-4">
        {seller.logoUrl && (
          <ResponsiveImage
            src={seller.logoUrl}
            alt={`${seller.name} logo`}
            sizes="64px"
            width={64}
            height={64}
            priority
            className="size-16 shrink-0 rounded-full border border-stone-200 object-cover"
          />
        )}
        <div>
          <h1 id={headingId} className="text-2xl font-bold text-stone-900">
            {seller.name}
          </h1>
          {seller.description && <p className="text-stone-700">{seller.description}</p>}
        </div>
      </div>

      <div className="grid gap-4 text-sm text-stone-700 sm:grid-cols-3">
        <div>
          <h2 className="font-semibold text-stone-900">{t('seller.location')}</h2>
          <p>{address}</p>
          {map && (
            <a
              href={map}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {t('seller.openInMaps')}
            </a>
          )}
        </div>
        <div>
          <h2 className="font-semibold text-stone-900">{t('seller.contact')}</h2>
          <ul>
            <li>
              <a
                href={`tel:${seller.contact.phoneno.replace(/[^\d+]/g, '')}`}
                className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                {seller.contact.phoneno}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${seller.contact.email}`}
                className="break-all text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                {seller.contact.email}
              </a>
            </li>
          </ul>
          {whatsapp && (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-flex min-h-11 items-center rounded-md bg-[#1f7a45] px-4 font-medium text-white hover:bg-[#17603a]"
            >
              {t('seller.whatsapp', { name: seller.name })}
            </a>
          )}
        </div>
        {hours.length > 0 && (
          <div>
            <h2 className="font-semibold text-stone-900">{t('seller.openingHours')}</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3">
              {hours.map(({ day, open, close }) => (
                <div key={day} className="contents">
                  <dt>{t(dayKey(day))}</dt>
                  <dd>
                    {open}–{close}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </div>
    </section>
  );
}
