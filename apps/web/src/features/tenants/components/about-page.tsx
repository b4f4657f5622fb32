import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useCurrentShop } from '../api/get-metadata';

const values = [
  {
    title: 'Ethical sourcing',
    text: 'We buy shea, baobab, moringa and macadamia straight from farmer and women-led cooperatives across Kenya, pay fair prices on time, and know every harvest by name.',
  },
  {
    title: 'Clean formulations',
    text: 'Short ingredient lists you can read: cold-pressed oils, butters and botanicals, with no parabens, mineral oil, synthetic fragrance or harsh sulphates. Never tested on animals.',
  },
  {
    title: 'Small batches',
    text: 'Everything is blended by hand in Nairobi in small batches, so what reaches you is fresh, and nothing sits in a warehouse for months.',
  },
  {
    title: 'Kind to the planet',
    text: 'Glass and recyclable packaging, refills in store, and deliveries grouped by route to keep our footprint small.',
  },
] as const;

export function AboutPage() {
  const { data: shop } = useCurrentShop();
  const name = shop?.name ?? 'our shop';
  const heroImage = shop?.imageUrls[0];

  return (
    <article className="mx-auto max-w-4xl space-y-12">
      <header className="grid items-center gap-6 md:grid-cols-[3fr_2fr]">
        <div className="space-y-4">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">About us</p>
          <h1 className="text-3xl font-bold text-stone-900 md:text-4xl">
            Organic skincare and wellness, rooted in Kenya
          </h1>
          <p className="text-lg leading-relaxed text-stone-700">
            At {name} we make gentle, honest products for skin, hair and everyday wellbeing from
            ingredients grown on Kenyan soil: shea from the north, baobab from the coast, moringa
            and herbal teas from the highlands.
          </p>
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
          Our mission
        </h2>
        <p className="leading-relaxed text-stone-700">
          We believe caring for your skin should also care for the people and places its ingredients
          come from. Our mission is to bring you effective natural skincare and wellness products at
          fair Ksh prices, while building steady income for the cooperatives we source from and
          teaching everyone who shops with {name} how to care for their skin simply.
        </p>
      </section>

      <section aria-labelledby="about-values" className="space-y-4">
        <h2 id="about-values" className="text-2xl font-bold text-stone-900">
          Our values
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {values.map((value) => (
            <li key={value.title} className="rounded-xl border border-stone-200 bg-white p-5">
              <h3 className="text-lg font-semibold text-brand-800">{value.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-700">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="space-y-5 rounded-2xl bg-brand-50 px-6 py-10 text-center">
        <p className="text-3xl font-semibold text-brand-900 italic md:text-4xl">
          Radiance from within
        </p>
        <p className="mx-auto max-w-xl text-stone-700">
          Healthy skin starts with what you put on it and what you put in: nourishing oils outside,
          calming teas and good habits inside.
        </p>
        <Link
          to="/alllisting"
          className="inline-block rounded-md bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Shop our products
        </Link>
      </section>
    </article>
  );
}
