import { describe, expect, it } from 'vitest';
import { hostNameSchema, splitHostList, tenantInputSchema, whatsappDigits } from './tenants';

const tenant = {
  hosts: ['shop.example.co.ke'],
  shopId: '11111111-1111-1111-1111-111111111111',
  seo: null,
  whatsapp: null,
};

describe('hostNameSchema', () => {
  it('keeps host names lower-case and refuses links, ports, paths and spaces', () => {
    expect(hostNameSchema.parse(' Shop.Example.CO.KE ')).toBe('shop.example.co.ke');
    expect(hostNameSchema.parse('localhost')).toBe('localhost');
    expect(hostNameSchema.parse('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of [
      'https://shop.example',
      'shop.example:8080',
      'shop.example/x',
      'a b',
      '-x.example',
      '',
    ]) {
      expect(hostNameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('splits a typed list on commas, spaces and lines', () => {
    expect(splitHostList(' a.example, b.example\nc.example  ')).toEqual([
      'a.example',
      'b.example',
      'c.example',
    ]);
  });
});

describe('tenantInputSchema', () => {
  it('takes a tenant without SEO or chat data', () => {
    expect(tenantInputSchema.parse(tenant)).toEqual(tenant);
  });

  it('refuses no hosts, a host twice (in any case) and unknown keys', () => {
    expect(tenantInputSchema.safeParse({ ...tenant, hosts: [] }).success).toBe(false);
    expect(
      tenantInputSchema.safeParse({ ...tenant, hosts: ['a.example', 'A.example'] }).success,
    ).toBe(false);
    expect(tenantInputSchema.safeParse({ ...tenant, isDefault: true }).success).toBe(false);
  });

  it('takes blank SEO fields (the defaults show) but only web links as its address', () => {
    const seo = { title: '', description: '', keywords: '', url: '' };
    expect(tenantInputSchema.safeParse({ ...tenant, seo }).success).toBe(true);
    expect(
      tenantInputSchema.safeParse({ ...tenant, seo: { ...seo, url: 'javascript:alert(1)' } })
        .success,
    ).toBe(false);
  });

  it('wants a WhatsApp number with its country code and a name', () => {
    const whatsapp = {
      phoneNumber: '+254 712 345 678',
      accountName: 'Duka',
      chatMessage: '',
      avatar: '',
      statusMessage: '',
    };
    expect(tenantInputSchema.safeParse({ ...tenant, whatsapp }).success).toBe(true);
    expect(whatsappDigits(whatsapp.phoneNumber)).toBe('254712345678');
    for (const phoneNumber of ['call me', '12', '+']) {
      expect(
        tenantInputSchema.safeParse({ ...tenant, whatsapp: { ...whatsapp, phoneNumber } }).success,
      ).toBe(false);
    }
    expect(
      tenantInputSchema.safeParse({ ...tenant, whatsapp: { ...whatsapp, accountName: ' ' } })
        .success,
    ).toBe(false);
  });
});
