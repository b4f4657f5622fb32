import { parseDiscountPercent, type Product } from '@soko/contract';

/**
 * Manage Products' Discount cell: the percentage the shop charges off, then the discount text.
 * `discounts` may already hold its own '%' ('30%'), so the number is read out of it first; and
 * one that does not apply (0, 100 or more, not a number: parseDiscountPercent) shows nothing,
 * its text included, since the storefront charges the full price.
 */
export function discountCell(product: Pick<Product, 'discounts' | 'discount'>): string {
  const percent = parseDiscountPercent(product.discounts);
  if (percent === null) return '';
  const text = product.discount?.trim();
  return text ? `${percent}% · ${text}` : `${percent}%`;
}
