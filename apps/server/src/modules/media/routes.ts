import fastifyMultipart from '@fastify/multipart';
import {
  apiErrorSchema,
  IMAGE_LIMITS,
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_BYTES,
  mediaUploadQuerySchema,
  mediaUploadResponseSchema,
} from '@soko/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import type { App, AppContext } from '../../platform/context';
import { errorResponses } from '../../platform/openapi';
import { runPeriodically } from '../../platform/periodic';
import { uploadImages, type MediaDeps } from './service';
import { createMediaStorage } from './storage';
import { sweepUnusedMedia } from './sweep';

const SWEEP_EVERY_MS = 10 * 60_000;

const adminsOnly = () =>
  new AppError(403, 'forbidden', 'Only an admin can upload pictures for the blog.');

// Runs for signed-in callers who are not admins (admins pass without it), before the query is
// validated: someone who may not upload is told so, not taught the query's shape.
async function shopOfUpload(request: FastifyRequest): Promise<string | null> {
  const query = mediaUploadQuerySchema.safeParse(request.query);
  if (!query.success) return null;
  if (query.data.kind === 'blog') throw adminsOnly();
  return query.data.shopId ?? null;
}

export function registerMediaRoutes(app: App, ctx: AppContext): void {
  const deps: MediaDeps = { db: ctx.db, storage: createMediaStorage(ctx.config) };

  // Multipart is parsed only on this route (its own plugin scope): every other route keeps
  // refusing bodies it does not expect.
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: MAX_FILES_PER_UPLOAD,
        fields: 0,
        parts: MAX_FILES_PER_UPLOAD + 1,
        headerPairs: 20,
        fieldNameSize: 50,
      },
    });

    scope.post(
      '/api/media/upload',
      {
        config: { access: { shopOf: shopOfUpload } },
        // The access rule reads the query first (see shopOfUpload); the handler then answers a
        // bad one with the usual 400.
        attachValidation: true,
        schema: {
          tags: ['media'],
          summary:
            'Upload pictures (multipart parts named "files"): re-encoded to WebP at several widths',
          querystring: mediaUploadQuerySchema,
          consumes: ['multipart/form-data'],
          response: {
            201: mediaUploadResponseSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        if (request.validationError) throw request.validationError;
        const caller = request.caller;
        if (!caller) throw new AppError(401, 'unauthorized', 'Please sign in.');
        const { kind, shopId } = request.query;
        if (!request.isMultipart()) {
          throw new AppError(
            415,
            'unsupported_media_type',
            'Send the pictures as multipart/form-data.',
          );
        }
        const images = await uploadImages(deps, {
          caller,
          kind,
          shopId,
          // The list's limit: the file after it is refused with the spec's text for the list.
          parts: request.parts({
            limits: { files: IMAGE_LIMITS[kind], parts: IMAGE_LIMITS[kind] + 1 },
          }),
          attempts: ctx.attempts,
          filesPerMinute: ctx.config.rateLimits.uploads,
        });
        return reply.status(201).send({ images });
      },
    );
  });

  runPeriodically(app, 'media sweep', SWEEP_EVERY_MS, async () => {
    const swept = await sweepUnusedMedia(deps, ctx.config.mediaSweepGraceMinutes);
    if (swept > 0) app.log.info({ swept }, 'deleted pictures no record uses');
  });
}
