// Who may call what is declared on every API route, in one place, and checked here; a route
// without a rule cannot even be registered, so nothing is left open by forgetting.
import type { FastifyInstance } from 'fastify';

/**
 * The access rules that exist so far. The accounts issue adds signed-in, shop owner and admin
 * rules, each enforced by the same hook.
 */
export const ACCESS_RULES = ['public'] as const;
export type Access = (typeof ACCESS_RULES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export class MissingAccessRuleError extends Error {}

export function requireAccessRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    // The OpenAPI document and its viewer are public by nature and registered by a plugin.
    if (route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access || !ACCESS_RULES.includes(access)) {
      throw new MissingAccessRuleError(
        `${String(route.method)} ${route.url} has no access rule: add config.access`,
      );
    }
  });
}
