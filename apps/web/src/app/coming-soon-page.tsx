import { Link } from 'react-router';

/** The spec's placeholder for screens that are not built yet. */
export function ComingSoonPage() {
  return (
    <div className="mx-auto max-w-md space-y-3 py-12 text-center">
      <h1 className="text-2xl font-bold text-brand-800">Coming Soon!!!</h1>
      <p className="text-stone-700">
        We are still putting this page together. Please check back soon.
      </p>
      <Link
        to="/"
        className="inline-block font-medium text-brand-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Back to the home page
      </Link>
    </div>
  );
}
