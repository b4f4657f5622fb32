import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';

/**
 * Schemas no route declares: they check what arrives in another form (a CSV file's rows, read
 * in the server's code after the route took the file as text), so their transforms never meet
 * the API's documentation.
 */
const NOT_IN_ROUTES = new Set(['catalogueCsvRowSchema']);

const schemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] =>
    entry[1] instanceof z.ZodType && !NOT_IN_ROUTES.has(entry[0]),
);

describe('the contract', () => {
  it('exports the schemas the apps are written against', () => {
    const names = schemas.map(([name]) => name);
    for (const name of [
      'productSchema',
      'listingResponseSchema',
      'signupBodySchema',
      'createOrderBodySchema',
      'finalCheckoutBodySchema',
      'processPaymentBodySchema',
      'shopInputSchema',
      'apiErrorSchema',
    ]) {
      expect(names).toContain(name);
    }
  });

  // The server documents its routes from these schemas (fastify-type-provider-zod), and a
  // schema that cannot become JSON Schema breaks that at start-up rather than here.
  it.each(schemas)('%s converts to JSON Schema', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it.each([
    'signupBodySchema',
    'signinBodySchema',
    'updateProfileBodySchema',
    'updateAddressBodySchema',
    'changePasswordBodySchema',
    'deleteAccountBodySchema',
    'newsletterBodySchema',
    'saveRatingBodySchema',
    'createOrderBodySchema',
    'orderItemInputSchema',
    'checkoutFormSchema',
    'finalCheckoutBodySchema',
    'processPaymentBodySchema',
    'shopInputSchema',
    'categoryInputSchema',
    'ownerProductInputSchema',
    'productVariantInputSchema',
    'adminProductUpdateSchema',
    'createBlogBodySchema',
    'shopCreateSchema',
    'tenantInputSchema',
  ])('%s rejects unknown keys', (name) => {
    const schema = schemas.find(([exported]) => exported === name)?.[1];
    expect(schema).toBeDefined();
    if (!schema) return;
    expect(z.toJSONSchema(schema, { io: 'input' }).additionalProperties).toBe(false);
  });
});
