import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useT, type MessageKey } from '../../../lib/i18n';
import { useCurrentShop } from '../api/get-metadata';

// The shop's story, in the page's language (`about.` in the message files, loaded with the page).
const values = [
  { title: 'about.ethical', text: 'about.ethicalText' },
  { title: 'about.clean', text: 'about.cleanText' },
  { title: 'about.smallBatches', text: 'about.smallBatchesText' },
  { title: 'about.planet', text: 'about.planetText' },
] as const satisfies ReadonlyArray<{ title: MessageKey; text: MessageKey }>;

export function AboutPage() {
  const { data: shop } = useCurrentShop();
  const t = useT();
  const name = shop?.name ?? t('about.ourShop');
  const heroImage = shop?.imageUrls[0];

  return (
    <article className="mx-auto max-w-4xl space-y-12">
      <header className="grid items-center gap-6 md:grid-cols-[3fr_2fr]">
        <div className="space-y-4">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {t('about.kicker')}
          </p>
          <h1 className="text-3xl font-bold text-stone-900 md:text-4xl">{t('about.heading')}</h1>
          <p className="text-lg leading-relaxed text-stone-700">{t('about.intro', { name })}</p>
        </div>
        {heroImage && (
          <ResponsiveImage
            src={heroImage}
            alt=""
            sizes="(min-width: 896px) 340px, (min-width: 768px) 40vw, 100vw"
            priority
            className="aspect-[4/3] w-full rounded-2xl bg-stone-100 object-cover md:aspect-square"
          />
        )}
      </header>

      <section aria-labelledby="about-mission" className="space-y-3">
        <h2 id="about-mission" className="text-2xl font-bold text-stone-900">
          {t('about.mission')}
        </h2>
        <p className="leading-relaxed text-stone-700">{t('about.missionText', { name })}</p>
      </section>

      <section aria-labelledby="about-values" className="space-y-4">
        <h2 id="about-values" className="text-2xl font-bold text-stone-900">
          {t('about.values')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {values.map((value) => (
            <li key={value.title} className="rounded-xl border border-stone-200 bg-white p-5">
              <h3 className="text-lg font-semibold text-brand-800">{t(value.title)}</h3>
              <p className="mt-2 leading-relaxed text-stone-700">{t(value.text)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="space-y-5 rounded-2xl bg-brand-50 px-6 py-10 text-center">
        <p className="text-3xl font-semibold text-brand-900 italic md:text-4xl">
          {t('about.tagline')}
        </p>
        <p className="mx-auto max-w-xl text-stone-700">{t('about.taglineText')}</p>
        <Link
          to="/alllisting"
          className="inline-block rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {t('about.shop')}
        </Link>
      </section>
    </article>
  );
}
