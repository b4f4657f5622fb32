import { Link, useSearchParams } from 'react-router';
import { BLOG_PAGE_SIZE, IMAGE_SIZES, blogPostPath, parsePageParam } from '@soko/contract';
import { ResponsiveImage } from '../../../components/responsive-image';
import { focusRing, secondaryButton } from '../../../components/form-styles';
import { useT } from '../../../lib/i18n';
import { useBlogPage } from '../api/blog-api';
import { PostDate } from './post-date';

export function BlogListPage() {
  const [params, setParams] = useSearchParams();
  const t = useT();
  const page = parsePageParam(params.get('page'));
  const { data, isPending, isError } = useBlogPage(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / BLOG_PAGE_SIZE)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-stone-900">{t('blog.title')}</h1>
      {isPending && <p role="status">{t('blog.loading')}</p>}
      {isError && <p role="alert">{t('blog.loadFailed')}</p>}
      {data && data.posts.length === 0 && <p className="mt-4">{t('blog.none')}</p>}
      {data && data.posts.length > 0 && (
        <ul className="mt-6 space-y-6">
          {data.posts.map((post) => (
            <li key={post._id}>
              <article className="flex flex-col gap-4 rounded-lg border border-stone-200 p-4 sm:flex-row">
                {post.imageUrls[0] && (
                  <ResponsiveImage
                    src={post.imageUrls[0]}
                    alt=""
                    sizes={IMAGE_SIZES.card4}
                    className="aspect-[4/3] w-full shrink-0 rounded object-cover sm:w-48"
                  />
                )}
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold text-stone-900">
                    <Link
                      to={blogPostPath(post)}
                      className={`hover:text-brand-800 hover:underline ${focusRing}`}
                    >
                      {post.title}
                    </Link>
                  </h2>
                  <PostDate iso={post.createdAt} />
                  <p className="mt-2 text-stone-700">{post.description}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t('blog.pages')} className="mt-6 flex items-center gap-3">
          <button
            type="button"
            className={secondaryButton}
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          >
            {t('blog.newer')}
          </button>
          <span>{t('listing.pageOf', { page, pageCount: pages })}</span>
          <button
            type="button"
            className={secondaryButton}
            disabled={page >= pages}
            onClick={() => goTo(page + 1)}
          >
            {t('blog.older')}
          </button>
        </nav>
      )}
    </section>
  );
}
