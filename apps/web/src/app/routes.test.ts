import { APP_PATHS, STAFF_PATHS, STOREFRONT_PATHS } from '@soko/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import { STAFF_SCREEN } from './staff-screen';

function paths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index
      ? prefix || '/'
      : route.path
        ? `${prefix}/${route.path}`.replace(/\/+/g, '/')
        : prefix;
    const here = route.path || route.index ? [own] : [];
    return [...here, ...paths(route.children ?? [], route.path ? own : prefix)];
  });
}

describe('the web router', () => {
  it('has only paths the server knows, so the server answers every app page with 200', () => {
    const appPaths = new Set<string>(APP_PATHS);
    const routed = paths(routes).filter((p) => !p.endsWith('*'));
    expect(routed.length).toBeGreaterThan(10);
    for (const path of routed) expect(appPaths.has(path), path).toBe(true);
  });

  it('routes every storefront page of the spec', () => {
    const routed = new Set(paths(routes));
    for (const path of STOREFRONT_PATHS) {
      expect(routed.has(path), path).toBe(true);
    }
  });

  it('loads the cart, checkout, buy-now, order, sandbox payment and owner pages as their own chunks', () => {
    const children = routes[0]?.children?.[0]?.children ?? [];
    for (const path of [
      'cart',
      'cart/:productId/:userId',
      'checkout',
      'buy/:productId/:userId',
      'orders/:orderId',
      'pay/sandbox/:trackingId',
      'shops',
      'add-products/:shopId',
    ]) {
      const route = children.find((child) => child.path === path);
      expect(route?.lazy, path).toBeTypeOf('function');
      expect(route?.element, path).toBeUndefined();
    }
  });

  it('marks exactly the owner and admin screens as English only (decision 050)', () => {
    const children = routes[0]?.children?.[0]?.children ?? [];
    const marked = children
      .filter((child) => child.handle === STAFF_SCREEN)
      .map((child) => `/${child.path ?? ''}`);
    expect(marked.sort()).toEqual([...STAFF_PATHS].sort());
  });
});
