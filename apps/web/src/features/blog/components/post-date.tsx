/** A post's date, as words a reader expects (the machine-readable one in datetime). */
export function PostDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="text-sm text-stone-600">
      {new Date(iso).toLocaleDateString('en-KE', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      })}
    </time>
  );
}
