import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="space-y-3 py-6">
      <h1 className="text-xl font-bold">Page not found</h1>
      <p className="text-stone-700">There is nothing at this address.</p>
      <Link
        to="/"
        className="inline-block font-medium text-brand-800 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Back to the home page
      </Link>
    </div>
  );
}
