// The page an unsubscribe link in a marketing mail opens (/unsubscribe/:token). Opening it
// changes nothing: mail scanners follow links, so only the button withdraws the consent.
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { primaryButton } from '../../../components/form-styles';
import { useUnsubscribe } from '../api/marketing-api';

export const UNSUBSCRIBED_NEWSLETTER =
  'You are unsubscribed. We will send you no more newsletters.';
export const UNSUBSCRIBED_OFFERS = 'You are unsubscribed. We will send you no more offers.';
const UNSUBSCRIBE_FAILED = 'We could not unsubscribe you just now. Please try again.';

export function UnsubscribePage() {
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  const done = unsubscribe.data;
  const failure =
    unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404
      ? unsubscribe.error.message
      : unsubscribe.error
        ? UNSUBSCRIBE_FAILED
        : null;

  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold text-stone-900">Unsubscribe</h1>
      {done ? null : (
        <>
          <p>
            Stop getting our marketing emails at the address this link was sent to? Nothing changes
            until you press the button.
          </p>
          <button
            type="button"
            className={primaryButton}
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </button>
        </>
      )}
      <FormStatus
        message={
          done
            ? done.purpose === 'newsletter'
              ? UNSUBSCRIBED_NEWSLETTER
              : UNSUBSCRIBED_OFFERS
            : null
        }
      />
      <FormAlert>{failure}</FormAlert>
      {done && (
        <p className="text-sm text-stone-600">
          Messages about your orders and your account still reach you.
        </p>
      )}
    </section>
  );
}
