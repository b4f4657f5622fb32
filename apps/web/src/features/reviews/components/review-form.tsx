import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { RATING_MAX, REVIEW_BODY_MAX, reviewInputSchema } from '@soko/contract';
import { FormAlert } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { inputClass, primaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { useCreateReview } from '../api/create-review';
import { reviewKeys } from '../api/get-reviews';
import { StarIcon } from './stars';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** The server's words for a refusal (403 not a buyer, 409 already reviewed), else a retry hint. */
function failureText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && error.code !== 'http_error')
    return problemText(error.message, t);
  return t('reviews.sendFailed');
}

/**
 * Stars as five radio buttons (arrow keys move between them, as in any radio group) and the
 * words in a textarea with a counter. Validated with the contract's schema, as the server does.
 */
export function ReviewForm({ productId }: { productId: string }) {
  const queryClient = useQueryClient();
  const t = useT();
  const createReview = useCreateReview(productId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(reviewInputSchema, { defaultValues: { body: '' } });
  const { errors, isSubmitting } = form.formState;
  const rating = useController({ control: form.control, name: 'rating' });
  const body = form.watch('body') ?? '';
  const ids = { rating: useId(), body: useId(), counter: useId() };
  const ratingErrorId = `${ids.rating}-error`;
  const bodyErrorId = `${ids.body}-error`;
  const over = body.length > REVIEW_BODY_MAX;

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await createReview.mutateAsync(input);
    } catch (caught) {
      applyServerFieldErrors(form, caught, t);
      setFailure(failureText(caught, t));
      // Already reviewed (in another tab, say): show that review instead of the form.
      if (caught instanceof ApiError && caught.status === 409) {
        await queryClient.invalidateQueries({ queryKey: reviewKeys.mine(productId) });
      }
    }
  });

  return (
    <form
      noValidate
      aria-label={t('reviews.write')}
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4 rounded-md border border-stone-200 p-4"
    >
      <h3 className="text-lg font-semibold text-stone-900">{t('reviews.write')}</h3>
      <FormAlert>{failure}</FormAlert>
      <fieldset
        aria-describedby={errors.rating ? ratingErrorId : undefined}
        aria-invalid={errors.rating ? true : undefined}
      >
        <legend className="text-sm font-medium text-stone-800">{t('reviews.yourRating')}</legend>
        <div className="mt-1 flex items-center gap-1">
          {STARS.map((star) => (
            <label
              key={star}
              className="cursor-pointer rounded p-0.5 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-brand-700"
            >
              <input
                type="radio"
                name={rating.field.name}
                value={star}
                checked={rating.field.value === star}
                onChange={() => rating.field.onChange(star)}
                onBlur={rating.field.onBlur}
                // The first star takes the focus when the rating is missing on submit.
                ref={star === 1 ? rating.field.ref : undefined}
                className="sr-only"
              />
              <span className="sr-only">{t('reviews.stars', { count: star })}</span>
              <StarIcon
                filled={typeof rating.field.value === 'number' && star <= rating.field.value}
                className="size-7"
              />
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={ratingErrorId} className="mt-1 text-sm text-red-800">
            {errors.rating.message}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={ids.body} className="block text-sm font-medium text-stone-800">
          {t('reviews.yourReview')}
        </label>
        <textarea
          id={ids.body}
          rows={4}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={[ids.counter, errors.body ? bodyErrorId : null]
            .filter(Boolean)
            .join(' ')}
          className={inputClass}
          {...form.register('body')}
        />
        <p id={ids.counter} className={`mt-1 text-xs ${over ? 'text-red-800' : 'text-stone-600'}`}>
          {t('reviews.characters', { count: body.length, max: REVIEW_BODY_MAX })}
        </p>
        {errors.body && (
          <p id={bodyErrorId} className="mt-1 text-sm text-red-800">
            {errors.body.message}
          </p>
        )}
      </div>
      <button type="submit" disabled={isSubmitting} className={primaryButton}>
        {isSubmitting ? t('reviews.submitting') : t('reviews.submit')}
      </button>
    </form>
  );
}
