import { Link } from 'react-router';
import { focusRing } from '../../../components/form-styles';
import { useT } from '../../../lib/i18n';

/** A line beside a form that sends personal data (signup, checkout): the notice that covers it. */
export function PrivacyNote({ lead }: { lead: string }) {
  const t = useT();
  return (
    <p className="text-sm text-stone-600">
      {lead}{' '}
      <Link to="/privacy" className={`font-semibold text-brand-800 underline ${focusRing}`}>
        {t('shell.privacyNotice')}
      </Link>
      .
    </p>
  );
}
