import { useCallback, useId, useState } from 'react';
import { Link, Navigate } from 'react-router';
import {
  IMAGE_LIMITS,
  IMAGE_LIMIT_MESSAGES,
  blogPostPath,
  createBlogBodySchema,
  type BlogPost,
} from '@soko/contract';
import { AdminAreaNav } from '../../../components/admin-area-nav';
import { Field } from '../../../components/form/field';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import { applyServerFieldErrors, useZodForm } from '../../../components/form/use-zod-form';
import { focusRing, inputClass, primaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { ImageListEditor, usePictureList } from '../../media';
import { useCreateBlogPost } from '../api/blog-api';
import { useAdminT } from '../../../lib/staff-i18n';

// Shown on the home page the visitor is sent to, by the header (as the admin guard's).
const NO_ACCESS_NOTICE = 'You do not have access to that page.';

// The pictures live in the editor's own state; the form holds the words.
const wordsSchema = createBlogBodySchema.pick({ title: true, content: true });

/**
 * Admins only, guarded like the admin dashboard: signed out goes to /login, anyone else home
 * with a notice. The server checks the role again when the post is sent.
 */
export function AddBlogPage() {
  const t = useAdminT();
  const { currentUser, loading, signedIn } = useSession();
  if (!signedIn) return <Navigate to="/login" replace />;
  if (!currentUser) {
    if (loading) return <p role="status">{t('admin.common.checkingYourAccess')}</p>;
    return <Navigate to="/login" replace />;
  }
  if (currentUser.role !== 'admin') {
    return <Navigate to="/" replace state={{ notice: NO_ACCESS_NOTICE }} />;
  }
  return (
    <>
      <AdminAreaNav />
      <AddBlogForm />
    </>
  );
}

function AddBlogForm() {
  const t = useAdminT();
  const contentId = useId();
  const form = useZodForm(wordsSchema, { defaultValues: { title: '', content: '' } });
  const { errors, isSubmitting } = form.formState;
  const { images, setImages, editor, settle, settling } = usePictureList([]);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<BlogPost | null>(null);
  const createPost = useCreateBlogPost();
  const onBusy = useCallback((busy: boolean) => setUploading(busy), []);

  // Run from the submit event only: settling reads the picture list's refs, which render must not.
  const publish = async (words: { title: string; content: string }) => {
    setFailure(null);
    setCreated(null);
    // Pictures chosen but not uploaded yet go up first; publishing dropped them (issue 29).
    const imageUrls = await settle();
    if (!imageUrls) {
      // A chosen picture could not be sent before publishing: the editor says why beside it.
      setFailure(t('admin.blog.picturesNotSent'));
      return;
    }
    try {
      const post = await createPost.mutateAsync({ ...words, imageUrls });
      setCreated(post);
      form.reset();
      setImages([]);
    } catch (caught) {
      applyServerFieldErrors(form, caught);
      setFailure(
        caught instanceof ApiError && caught.message
          ? t('admin.blog.failedBecause', { message: caught.message })
          : t('admin.blog.failed'),
      );
    }
  };
  const refused = () => setFailure(t('admin.blog.fillInTitleAndContent'));

  const contentError = errors.content?.message;
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-stone-900">{t('admin.blog.addBlog')}</h1>
      <FormStatus message={created ? t('admin.blog.postPublished') : null} className="mt-4" />
      {created && (
        <p className="mt-2">
          <Link
            to={blogPostPath(created)}
            className={`font-semibold text-brand-800 underline ${focusRing}`}
          >
            {t('admin.blog.read', { title: created.title })}
          </Link>
        </p>
      )}
      <form
        noValidate
        aria-label={t('admin.blog.addBlogPost')}
        onSubmit={(event) => void form.handleSubmit(publish, refused)(event)}
        className="mt-4 flex flex-col gap-4"
      >
        <FormAlert>{failure}</FormAlert>
        <Field
          label={t('admin.blog.title')}
          required
          error={errors.title?.message}
          {...form.register('title')}
        />
        <div>
          <label htmlFor={contentId} className="block text-sm font-medium text-stone-800">
            {t('admin.blog.content')}
          </label>
          <textarea
            id={contentId}
            rows={12}
            required
            aria-describedby={`${contentId}-hint${contentError ? ` ${contentId}-error` : ''}`}
            aria-invalid={contentError ? true : undefined}
            className={inputClass}
            {...form.register('content')}
          />
          <p id={`${contentId}-hint`} className="mt-1 text-sm text-stone-600">
            {t('admin.blog.markdownBlankLinesBetweenParagraphs')}
          </p>
          {contentError && (
            <p id={`${contentId}-error`} className="mt-1 text-sm text-red-800">
              {contentError}
            </p>
          )}
        </div>
        <ImageListEditor
          label={t('admin.blog.blogImages')}
          kind="blog"
          images={images}
          onChange={setImages}
          limit={IMAGE_LIMITS.blog}
          limitMessage={IMAGE_LIMIT_MESSAGES.blog}
          onBusyChange={onBusy}
          ref={editor}
        />
        <button type="submit" disabled={isSubmitting || uploading} className={primaryButton}>
          {settling || uploading
            ? t('admin.blog.uploading')
            : isSubmitting
              ? t('admin.blog.publishing')
              : t('admin.blog.submit')}
        </button>
      </form>
    </section>
  );
}
