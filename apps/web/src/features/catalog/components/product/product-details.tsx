import { useLocale, useT, type MessageKey } from '../../../../lib/i18n';
import { Suspense, useId, useState } from 'react';
import {
  discountedPriceCents,
  formatKsh,
  fromCents,
  parseDiscountPercent,
  productDescription,
  productName,
  toCents,
  type PricingType,
  productPath,
  variantLabel,
  type Product,
} from '@soko/contract';
import { useChatAboutProduct, useChatWithSeller } from '../../../chat';
import { ProductReviews } from '../../../reviews';
import { ProductPrice } from '../product-price';
import { SoldBy } from '../sold-by';
import { AddToCartButton } from './add-to-cart-button';
import { DeliveryQuoteNote } from './delivery-quote-note';
import { ProductDescription } from './product-description';
import { ProductGallery } from './product-gallery';
import { RelatedProducts } from './related-products';
import { VariantSelector, defaultVariant } from './variant-selector';

const PRICING_NOTES: Record<PricingType, MessageKey | null> = {
  Fixed: null,
  Variable: 'product.priceMayVary',
  Negotiable: 'product.priceNegotiable',
};

function DiscountNote({ price, discounts }: Pick<Product, 'price' | 'discounts'>) {
  const t = useT();
  const locale = useLocale();
  const percent = parseDiscountPercent(discounts);
  if (percent === null) return null;
  const saved = fromCents(toCents(price) - discountedPriceCents(toCents(price), discounts));
  return (
    <p className="text-sm font-medium text-red-700">
      {t('product.percentOff', { percent })}
      <span className="font-normal text-stone-600">
        {t('product.youSave', { amount: formatKsh(saved, locale) })}
      </span>
    </p>
  );
}

function StockText({ available }: { available: number }) {
  const t = useT();
  return available > 0 ? (
    <p className="text-sm font-medium text-brand-800">
      {t('product.inStock', { count: available })}
    </p>
  ) : (
    <p className="text-sm font-medium text-red-700">{t('catalog.outOfStock')}</p>
  );
}

/** The loaded product: gallery beside the details from tablet width, above them on phones. */
export function ProductDetails({ product }: { product: Product }) {
  // The id, not the variant: a refetched product brings the variant's current stock.
  const [variantId, setVariantId] = useState(() => defaultVariant(product.variants)?._id);
  const variant =
    product.variants.find((candidate) => candidate._id === variantId) ??
    defaultVariant(product.variants);
  const available = variant ? variant.stock : product.stock;
  const type = product.Type?.trim();
  const pricingNote = PRICING_NOTES[product.pricingType];
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const name = productName(product, locale);
  // The chat's prepared message names what the shopper is looking at: this product, this size,
  // and the page's canonical address (the one the shop can open).
  useChatAboutProduct({
    name: product.name,
    variant: variant ? variantLabel(variant) : null,
    path: productPath(product),
  });
  // And the chat is the seller's own when it has set a WhatsApp number (decision 040).
  useChatWithSeller(product.shopId);

  return (
    <div className="space-y-12">
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery name={name} imageUrls={product.imageUrls} />
        <section aria-labelledby={titleId} className="space-y-5">
          <div className="space-y-1">
            <h1 id={titleId} className="text-2xl font-bold text-stone-900 sm:text-3xl">
              {name}
            </h1>
            {type && <p className="text-sm text-stone-600">{t('product.type', { type })}</p>}
            <SoldBy product={product} withLogo />
          </div>
          <div className="space-y-1">
            <ProductPrice price={product.price} discounts={product.discounts} size="lg" />
            {product.vat && (
              <p className="text-sm text-stone-600" data-testid="product-vat">
                {t('price.inclVat', { amount: formatKsh(product.vat.amount, locale) })}
              </p>
            )}
            <DiscountNote price={product.price} discounts={product.discounts} />
            {pricingNote && <p className="text-sm text-stone-600">{t(pricingNote)}</p>}
          </div>
          {product.variants.length > 0 && (
            <VariantSelector
              variants={product.variants}
              selectedId={variant?._id}
              onSelect={(chosen) => setVariantId(chosen._id)}
            />
          )}
          {/* Announced when another variant is picked. */}
          <div aria-live="polite">
            <StockText available={available} />
          </div>
          {/* On a phone the button is as wide as the page and the chat launcher floats over the
              page's bottom-right corner (right 1rem, 3.5rem wide): the row keeps that lane free
              (4.5rem), so wherever the page is scrolled the launcher never covers the button. */}
          <div className="pr-18 sm:pr-0">
            <AddToCartButton product={product} variant={variant} available={available} />
          </div>
          <DeliveryQuoteNote productId={product._id} />
          <ProductDescription description={productDescription(product, locale)} />
        </section>
      </div>
      <Suspense fallback={null}>
        <ProductReviews productId={product._id} />
      </Suspense>
      <RelatedProducts categoryId={product.categoryId} productId={product._id} />
    </div>
  );
}
