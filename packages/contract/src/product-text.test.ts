import { describe, expect, it } from 'vitest';
import { ownerProductInputSchema, productDescription, productName } from './index';

const oil = {
  name: 'Baobab Seed Face Oil',
  nameSw: 'Mafuta ya Uso ya Mbegu za Mbuyu',
  description: 'Cold-pressed baobab seed oil.',
  descriptionSw: 'Mafuta ya mbegu za mbuyu yaliyokamuliwa bila joto.',
};

describe('a product’s words in the page’s language (decision 050)', () => {
  it('gives the Swahili name and description on a Kiswahili page, the English on an English one', () => {
    expect(productName(oil, 'sw')).toBe('Mafuta ya Uso ya Mbegu za Mbuyu');
    expect(productDescription(oil, 'sw')).toBe(
      'Mafuta ya mbegu za mbuyu yaliyokamuliwa bila joto.',
    );
    expect(productName(oil, 'en')).toBe('Baobab Seed Face Oil');
    expect(productDescription(oil, 'en')).toBe('Cold-pressed baobab seed oil.');
  });

  it('falls back to English, each text on its own, when the Swahili one is not given', () => {
    const unnamed = { ...oil, nameSw: null };
    expect(productName(unnamed, 'sw')).toBe('Baobab Seed Face Oil');
    expect(productDescription(unnamed, 'sw')).toBe(
      'Mafuta ya mbegu za mbuyu yaliyokamuliwa bila joto.',
    );
    expect(productDescription({ ...oil, descriptionSw: null }, 'sw')).toBe(
      'Cold-pressed baobab seed oil.',
    );
    // A blank text is none; an answer from before the Swahili fields carries neither.
    expect(productName({ ...oil, nameSw: '  ' }, 'sw')).toBe('Baobab Seed Face Oil');
    expect(productName({ name: oil.name }, 'sw')).toBe('Baobab Seed Face Oil');
    expect(productDescription({ description: oil.description }, 'sw')).toBe(
      'Cold-pressed baobab seed oil.',
    );
  });
});

describe('the owner’s Swahili name and description', () => {
  const product = {
    name: 'Aloe Vera Gel',
    price: 1500,
    stock: 10,
    categoryId: '11111111-1111-1111-1111-111111111111',
  };
  const parse = (extra: Record<string, unknown>) =>
    ownerProductInputSchema.safeParse({ ...product, ...extra });

  it('are optional, trimmed, and may be blank or null', () => {
    expect(parse({}).success).toBe(true);
    expect(
      parse({ nameSw: '  Jeli ya Aloe  ', descriptionSw: ' Tuliza ngozi ' }).data,
    ).toMatchObject({ nameSw: 'Jeli ya Aloe', descriptionSw: 'Tuliza ngozi' });
    expect(parse({ nameSw: '', descriptionSw: '' }).success).toBe(true);
    expect(parse({ nameSw: null, descriptionSw: null }).success).toBe(true);
  });

  it('are held to the English fields’ lengths', () => {
    expect(parse({ nameSw: 'n'.repeat(200), descriptionSw: 'd'.repeat(20_000) }).success).toBe(
      true,
    );
    expect(parse({ nameSw: 'n'.repeat(201) }).error?.issues[0]).toMatchObject({
      path: ['nameSw'],
      message: 'At most 200 characters.',
    });
    expect(parse({ descriptionSw: 'd'.repeat(20_001) }).error?.issues[0]).toMatchObject({
      path: ['descriptionSw'],
      message: 'At most 20000 characters.',
    });
  });
});
