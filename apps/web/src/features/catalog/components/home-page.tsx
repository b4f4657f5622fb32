export function HomePage() {
  return (
    <div className="space-y-2">
      <h1 className="text-xl font-bold">Welcome</h1>
      <p className="text-stone-700">Our storefront is coming soon.</p>
    </div>
  );
}
