import { useT } from '../../../lib/i18n';
import { Link } from 'react-router';
import { focusRing } from '../../../components/form-styles';
import { useOnlineStatus } from '../../../lib/use-online-status';

/** A line under the header while the device has no network, so nothing fails unexplained. */
export function OfflineNotice() {
  const online = useOnlineStatus();
  const t = useT();
  if (online) return null;
  return (
    <p
      role="status"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950"
    >
      {t('offline.notice')}{' '}
      <Link to="/offline" className={`font-semibold underline ${focusRing}`}>
        {t('offline.seeSaved')}
      </Link>
    </p>
  );
}
