import { z } from 'zod';
import type { App, AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

const healthSchema = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });
const readySchema = z.object({
  status: z.literal('ready'),
  database: z.literal('up'),
  redis: z.enum(['up', 'unset']),
});

/** How long readiness waits for an answer: a balancer's probe should not hang on a lost server. */
const READY_TIMEOUT_MS = 2_000;

/** Whether `check` answers within the timeout. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type HealthChecks = {
  /** Answers Redis's PING when REDIS_URL is set; undefined without Redis. */
  pingRedis?: () => Promise<unknown>;
};

export function registerHealthRoutes(app: App, ctx: AppContext, checks: HealthChecks = {}): void {
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

  // Readiness (decision 052): every probe asks afresh, so it turns 200 again as soon as the
  // database (and Redis) answer, without a restart.
  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Readiness: 200 when the database and, when set, Redis answer; 503 otherwise',
        response: { 200: readySchema },
      },
    },
    async (_request, reply) => {
      const { pingRedis } = checks;
      const [database, redis] = await Promise.all([
        answers(() => ctx.database.ping()),
        pingRedis ? answers(pingRedis) : Promise.resolve(null),
      ]);
      void reply.header('cache-control', 'no-store');
      if (!database || redis === false) {
        const down = [!database && 'the database', redis === false && 'Redis'].filter(Boolean);
        const verb = down.length > 1 ? 'do' : 'does';
        throw new AppError(
          503,
          'not_ready',
          `Not ready: ${down.join(' and ')} ${verb} not answer.`,
          {
            details: {
              database: database ? 'up' : 'down',
              redis: redis === null ? 'unset' : redis ? 'up' : 'down',
            },
          },
        );
      }
      return {
        status: 'ready' as const,
        database: 'up' as const,
        redis: redis ? 'up' : 'unset',
      } as const;
    },
  );
}
