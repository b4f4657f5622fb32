// A shop's catalogue in and out as CSV (issue 32, decision 039): its owner or an admin exports
// it, and imports the same format, first as a dry run that lists each row's errors.
import {
  CATALOGUE_CSV_TOO_LARGE,
  MAX_CATALOGUE_CSV_BYTES,
  catalogueImportQuerySchema,
  catalogueImportResultSchema,
  isUuid,
  shopIdParamsSchema,
} from '@soko/contract';
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CACHE_TAGS, productTags, type App, type AppContext } from '../../platform/context';
import { rowsOf, type Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { errorResponses } from '../../platform/openapi';
import { mediaBase } from '../media';
import { shopInPath } from '../shops';
import { catalogueCsv } from './export';
import { readCatalogueCsv } from './read-csv';
import { importCatalogue } from './service';

const catalogueUrl = '/api/property/shop/:shopId/catalogue.csv';

/** An admin may name any id: a shop that is not there is a 404, not a broken export. */
async function assertShop(db: Db, shopId: string): Promise<void> {
  const found =
    isUuid(shopId) &&
    rowsOf<{ id: string }>(await db.execute(sql`select id from shops where id = ${shopId}`))
      .length > 0;
  if (!found) throw notFound('Shop not found.');
}

const tooLarge = () => new AppError(413, 'payload_too_large', CATALOGUE_CSV_TOO_LARGE);

export function registerCatalogueRoutes(app: App, ctx: AppContext): void {
  const { db, cache } = ctx;
  const pictureBase = mediaBase(ctx.config);

  app.get(
    catalogueUrl,
    {
      config: { access: { shopOf: shopInPath('shopId') } },
      schema: {
        tags: ['shops'],
        summary: 'The shop’s products as CSV, a row per variant (UTF-8 with a BOM)',
        params: shopIdParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { shopId } = request.params;
      await assertShop(db, shopId);
      const today = new Date().toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="catalogue-${today}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(catalogueCsv(db, shopId));
    },
  );

  // The CSV is the body as it is (text/csv), at most 10 MB: this scope reads it as bytes.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'buffer', bodyLimit: MAX_CATALOGUE_CSV_BYTES },
      (_request, body, done) => done(null, body),
    );
    // A declared size over the limit is refused before the body is read, with words an owner
    // understands (Fastify's own 413 says only that the body is too large).
    scope.addHook('onRequest', async (request) => {
      if (Number(request.headers['content-length']) > MAX_CATALOGUE_CSV_BYTES) throw tooLarge();
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      catalogueUrl,
      {
        config: { access: { shopOf: shopInPath('shopId') } },
        bodyLimit: MAX_CATALOGUE_CSV_BYTES,
        schema: {
          tags: ['shops'],
          summary:
            'Creates or updates the shop’s products by SKU from CSV (text/csv, at most 10 MB), all or nothing; ?dryRun=true only checks and lists each row’s errors',
          params: shopIdParamsSchema,
          querystring: catalogueImportQuerySchema,
          consumes: ['text/csv'],
          response: { 200: catalogueImportResultSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        const { shopId } = request.params;
        await assertShop(db, shopId);
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError(415, 'unsupported_media_type', 'Send the file as text/csv.');
        }
        if (request.body.length > MAX_CATALOGUE_CSV_BYTES) throw tooLarge();
        const rows = await readCatalogueCsv(request.body);
        const dryRun = request.query.dryRun === 'true';
        const { result, changedProductIds } = await importCatalogue(
          db,
          shopId,
          pictureBase,
          rows,
          dryRun,
        );
        if (!dryRun) {
          cache.invalidate([
            CACHE_TAGS.catalog,
            CACHE_TAGS.shops,
            ...productTags(changedProductIds),
          ]);
        }
        return result;
      },
    );
  });
}
