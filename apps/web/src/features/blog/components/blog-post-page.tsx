import { Link, useParams } from 'react-router';
import { IMAGE_SIZES } from '@soko/contract';
import { ResponsiveImage } from '../../../components/responsive-image';
import { focusRing } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useBlogPost } from '../api/blog-api';
import { PostDate } from './post-date';

// Typography for the server's HTML (headings, paragraphs, lists, links, code) without a plugin.
const prose =
  'mt-6 space-y-4 text-stone-800 leading-relaxed [&_a]:text-brand-800 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-6';

export function BlogPostPage() {
  const { id = '' } = useParams();
  const { data: post, isPending, error } = useBlogPost(id);
  const t = useT();

  if (isPending) return <p role="status">{t('blog.loadingPost')}</p>;
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <section className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-stone-900">
          {missing ? t('blog.notFound') : t('blog.postFailed')}
        </h1>
        <Link to="/blog" className={`mt-4 inline-block text-brand-800 underline ${focusRing}`}>
          {t('blog.back')}
        </Link>
      </section>
    );
  }

  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold text-stone-900">{post.title}</h1>
      <PostDate iso={post.createdAt} />
      {post.imageUrls.length > 0 && (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {post.imageUrls.map((url, index) => (
            <li key={url}>
              <ResponsiveImage
                src={url}
                alt={t('blog.picture', { title: post.title, number: index + 1 })}
                sizes={IMAGE_SIZES.productMain}
                priority={index === 0}
                className="w-full rounded object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      <div
        className={prose}
        // Safe as HTML: the server made it with markdown-it with raw HTML off (anything typed as
        // HTML arrives escaped, as text) and its link check refusing javascript:/data: links
        // (apps/server/src/modules/blog/markdown.ts). Nothing else is ever put here.
        dangerouslySetInnerHTML={{ __html: post.contentHtml }}
      />
      <Link to="/blog" className={`mt-8 inline-block text-brand-800 underline ${focusRing}`}>
        {t('blog.back')}
      </Link>
    </article>
  );
}
