import {
  apiErrorSchema,
  blogIdParamsSchema,
  blogListQuerySchema,
  blogListResponseSchema,
  blogPostSchema,
  createBlogBodySchema,
} from '@soko/contract';
import { unauthorized } from '../../platform/access';
import { sendCached } from '../../platform/cache';
import { CACHE_TAGS, type App, type AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { mediaBase } from '../media';
import { countPosts, createPost, getPost, listPosts } from './service';

const adminErrors = { ...errorResponses, 401: apiErrorSchema, 403: apiErrorSchema } as const;

export function registerBlogRoutes(app: App, ctx: AppContext): void {
  const { db, cache } = ctx;
  const tags = [CACHE_TAGS.blog];

  app.post(
    '/api/blog/create',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['blog'],
        summary: 'Write a blog post (admins); content is Markdown',
        body: createBlogBodySchema,
        response: { 201: blogPostSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      // The access hook has refused anyone but a signed-in admin already.
      if (!request.caller) throw unauthorized();
      const post = await createPost(db, request.caller.id, request.body, mediaBase(ctx.config));
      cache.invalidate(tags);
      return reply.status(201).send(post);
    },
  );

  app.get(
    '/api/blog/get',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blog'],
        summary: 'Blog posts, newest first, 10 a page; the total in X-Total-Count',
        querystring: blogListQuerySchema,
        response: { 200: blogListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { page } = request.query;
      const [total, cached] = await Promise.all([
        cache.get('blog:total', tags, () => countPosts(db)),
        cache.get(`blog:page:${page}`, tags, () => listPosts(db, page)),
      ]);
      void reply
        .header('x-total-count', total.body)
        .header('access-control-expose-headers', 'X-Total-Count');
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/api/blog/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blog'],
        summary: 'One blog post (404 when there is none with that id)',
        params: blogIdParamsSchema,
        response: { 200: blogPostSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const cached = await cache.get(`blog:post:${id}`, tags, () => getPost(db, id));
      return sendCached(request, reply, cached);
    },
  );
}
