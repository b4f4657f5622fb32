import { formatDate } from '@soko/contract';
import { useLocale } from '../../../lib/i18n';

/** A post's date, as words a reader expects (the machine-readable one in datetime). */
export function PostDate({ iso }: { iso: string }) {
  const locale = useLocale();
  return (
    <time dateTime={iso} className="text-sm text-stone-600">
      {formatDate(iso, locale)}
    </time>
  );
}
