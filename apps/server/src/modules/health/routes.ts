import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';

const healthSchema = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema },
      },
    },
    async () => {
      // Throws when the database is unreachable: the error handler answers 503.
      await ctx.database.ping();
      return { status: 'ok' as const, db: ctx.database.kind };
    },
  );
}
