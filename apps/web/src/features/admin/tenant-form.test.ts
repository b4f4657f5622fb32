import { describe, expect, it } from 'vitest';
import english from '../../locales/en.json';
import { compileCatalog } from '../../locales/compile-catalog';
import { createI18n } from '../../lib/i18n';
import { makeTenantFormSchema, tenantToForm } from './tenant-form';

// The tenant form's own message, in the admin's screens' English (decision 050), beside the
// contract's.

const i18n = createI18n('en', compileCatalog(english));
const tenantFormSchema = makeTenantFormSchema((key, values) => i18n._(key, values));

describe('the tenant form', () => {
  it('asks for a shop in its own words and keeps the contract’s on the host names', () => {
    const values = { ...tenantToForm(null), hosts: 'https://shop.example/' };
    const issues = tenantFormSchema.safeParse(values).error?.issues ?? [];
    const messages = Object.fromEntries(
      issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages.shopId).toBe('Choose a shop.');
    expect(messages.hosts).toMatch(/^Enter a host name such as/);

    const keyed = makeTenantFormSchema((key) => key).safeParse(values).error?.issues ?? [];
    expect(keyed.find((issue) => issue.path[0] === 'shopId')?.message).toBe(
      'admin.tenants.shopRequired',
    );
  });
});
