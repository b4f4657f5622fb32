import { WHATSAPP_NUMBER_MESSAGE, type Shop } from '@soko/contract';
import { describe, expect, it } from 'vitest';
import english from '../../locales/en.json';
import { compileCatalog } from '../../locales/compile-catalog';
import { createI18n } from '../../lib/i18n';
import {
  emptyShopForm,
  formHoursToPeriods,
  makeShopFormSchema,
  shopFormToInput,
  shopServerFields,
  shopToForm,
  type ShopFormValues,
} from './shop-form';

// The shop form's values and the body they make (spec sections 3 and 5): comma lists, hours per
// weekday, pay on order on by default, and the contract's rules on the right inputs.

const shop: Shop = {
  _id: '11111111-1111-1111-1111-111111111111',
  userId: '22222222-2222-2222-2222-222222222222',
  name: 'Mama Mboga',
  owner: 'Achieng Otieno',
  owneremail: 'achieng@example.com',
  contact: { email: 'hello@mboga.example', phoneno: '+254 712 345 678' },
  location: {
    address: 'Moi Avenue 5, Nairobi',
    mapurl: ['https://maps.example/a', 'https://maps.example/b'],
  },
  operationperiods: {
    monday: { open: '08:00', close: '17:00' },
    saturday: { open: '09:00', close: '13:00' },
  },
  companypolicy: 'Returns within 7 days.',
  socialmedialinks: ['https://facebook.com/mboga'],
  payonorder: false,
  maxPerOrder: 5,
  lowStockThreshold: 8,
  imageUrls: ['/media/a/800x600.webp'],
  promotionalimages: ['/media/p/1200x400.webp'],
  logoUrl: '/media/l/400x400.webp',
  description: 'Fresh greens from Kiambu.',
  county: 'Kiambu',
  whatsapp: '+254722456789',
};

// The owner's screens' English (decision 050), as the staff routes load it.
const i18n = createI18n('en', compileCatalog(english));
const shopFormSchema = makeShopFormSchema((key, values) => i18n._(key, values));

function filled(): ShopFormValues {
  return {
    ...emptyShopForm(),
    name: 'Mama Mboga',
    owner: 'Achieng',
    owneremail: 'achieng@example.com',
    contact: { email: 'hello@mboga.example', phoneno: '0712 345 678' },
    location: {
      address: 'Moi Avenue 5',
      mapurl: ' https://maps.example/a , ,https://maps.example/b',
    },
    socialmedialinks: 'https://facebook.com/mboga,  https://instagram.com/mboga ',
  };
}

describe('the shop form', () => {
  it('starts with pay on order on, no hours and the signed-in user as owner', () => {
    const values = emptyShopForm({
      firstName: 'Achieng',
      lastName: 'Otieno',
      email: 'a@example.com',
    });
    expect(values.payonorder).toBe(true);
    expect(values.owner).toBe('Achieng Otieno');
    expect(values.owneremail).toBe('a@example.com');
    expect(formHoursToPeriods(values.operationperiods)).toEqual({});
  });

  it('sends comma lists as trimmed lists without empties, and only days with both times', () => {
    const values = filled();
    values.operationperiods.monday = { open: '08:00', close: '17:00' };
    values.operationperiods.sunday = { open: '', close: '' };
    const body = shopFormToInput(values);
    expect(body.location.mapurl).toEqual(['https://maps.example/a', 'https://maps.example/b']);
    expect(body.socialmedialinks).toEqual([
      'https://facebook.com/mboga',
      'https://instagram.com/mboga',
    ]);
    expect(body.operationperiods).toEqual({ monday: { open: '08:00', close: '17:00' } });
    expect(body.payonorder).toBe(true);
    expect(body).not.toHaveProperty('imageUrls');
  });

  it('round-trips a saved shop, pictures, max per order and low-stock threshold included', () => {
    const values = shopToForm(shop);
    expect(values.location.mapurl).toBe('https://maps.example/a, https://maps.example/b');
    expect(values.operationperiods.tuesday).toEqual({ open: '', close: '' });
    const body = shopFormToInput(values, {
      imageUrls: shop.imageUrls,
      promotionalimages: shop.promotionalimages,
      logoUrl: shop.logoUrl,
    });
    const { _id, userId, ...rest } = shop;
    expect(_id && userId).toBeTruthy();
    expect(body).toEqual(rest);
  });

  it('passes the contract with good values and puts its messages on the inputs', () => {
    expect(shopFormSchema.safeParse(filled()).success).toBe(true);

    const bad = filled();
    bad.name = '  ';
    bad.owneremail = 'not-an-email';
    bad.location.mapurl = 'https://ok.example, javascript:alert(1)';
    bad.operationperiods.friday = { open: '09:00', close: '' };
    bad.maxPerOrder = 0;
    bad.lowStockThreshold = -1;
    const result = shopFormSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining([
        'name',
        'owneremail',
        'location.mapurl',
        'operationperiods.friday.close',
        'maxPerOrder',
        'lowStockThreshold',
      ]),
    );
    const nameIssue = result.error?.issues.find((issue) => issue.path.join('.') === 'name');
    expect(nameIssue?.message).toBe('Shop name is required.');
  });

  it('sends no county and no WhatsApp when left empty, and refuses a number wa.me cannot reach', () => {
    const body = shopFormToInput(filled());
    expect(body).toMatchObject({ county: null, whatsapp: '', description: '' });
    const bad = { ...filled(), whatsapp: '020 123 4567', description: 'x'.repeat(301) };
    const issues = shopFormSchema.safeParse(bad).error?.issues ?? [];
    expect(
      Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message])),
    ).toEqual({
      whatsapp: WHATSAPP_NUMBER_MESSAGE,
      description: 'At most 300 characters.',
    });
  });

  it("asks for both times of a day, in the staff screens' words", () => {
    const bad = filled();
    bad.operationperiods.friday = { open: '09:00', close: '' };
    bad.operationperiods.sunday = { open: '', close: '12:00' };
    const issues = shopFormSchema.safeParse(bad).error?.issues ?? [];
    expect(
      Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message])),
    ).toEqual({
      'operationperiods.friday.close': 'Set both times for Friday, or neither if closed.',
      'operationperiods.sunday.open': 'Set both times for Sunday, or neither if closed.',
    });
    const keyed = makeShopFormSchema((key, values) =>
      values ? `${key} ${JSON.stringify(values)}` : key,
    );
    expect(keyed.safeParse(bad).error?.issues[0]?.message).toBe(
      'owner.shopForm.setBothTimes {"day":"day.friday"}',
    );
  });

  it("keys the server's field errors by the form's inputs", () => {
    expect(
      shopServerFields({
        'location.mapurl.1': 'Must be an http(s) link.',
        'socialmedialinks.0': 'Must be an http(s) link.',
        'contact.email': 'Please enter a valid email address.',
      }),
    ).toEqual({
      'location.mapurl': 'Must be an http(s) link.',
      socialmedialinks: 'Must be an http(s) link.',
      'contact.email': 'Please enter a valid email address.',
    });
  });
});
