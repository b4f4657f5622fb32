// The shop form's values and the API body they stand for (spec sections 3 and 5): lists are typed
// as comma-separated text, hours as an open and a close time per weekday. The form is checked by
// the contract's own shopInputSchema, run on the body the values make, with its messages put back
// on the inputs they came from; its own message is the owner's screens' (decision 050).
import { z } from 'zod';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  WEEKDAYS,
  shopInputSchema,
  splitCommaList,
  type County,
  type OperationPeriods,
  type Shop,
  type ShopInput,
  type Weekday,
} from '@soko/contract';
import type { OwnerKey, Translate } from '../../lib/i18n';

export interface DayHours {
  open: string;
  close: string;
}

export interface ShopFormValues {
  name: string;
  owner: string;
  owneremail: string;
  contact: { email: string; phoneno: string };
  location: { address: string; mapurl: string };
  operationperiods: Record<Weekday, DayHours>;
  companypolicy: string;
  socialmedialinks: string;
  payonorder: boolean;
  maxPerOrder: number;
  description: string;
  /** '' when the owner has not chosen one. */
  county: string;
  /** '' for none: shoppers then chat with the marketplace. */
  whatsapp: string;
  /** Stock at or below this is low: the owner is mailed once as an item crosses it. */
  lowStockThreshold: number;
}

export interface ShopImages {
  imageUrls: string[];
  promotionalimages: string[];
  logoUrl: string | null;
}

export const DEFAULT_MAX_PER_ORDER = 10;

function emptyHours(): Record<Weekday, DayHours> {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '', close: '' }])) as Record<
    Weekday,
    DayHours
  >;
}

/** A new shop's form: pay on order is on (spec section 3: default true on create). */
export function emptyShopForm(user?: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): ShopFormValues {
  const owner = [user?.firstName, user?.lastName].filter((part) => part?.trim()).join(' ');
  return {
    name: '',
    owner,
    owneremail: user?.email ?? '',
    contact: { email: user?.email ?? '', phoneno: '' },
    location: { address: '', mapurl: '' },
    operationperiods: emptyHours(),
    companypolicy: '',
    socialmedialinks: '',
    payonorder: true,
    maxPerOrder: DEFAULT_MAX_PER_ORDER,
    description: '',
    county: '',
    whatsapp: '',
    lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
  };
}

/** A saved shop as the edit form shows it. */
export function shopToForm(shop: Shop): ShopFormValues {
  const hours = emptyHours();
  for (const day of WEEKDAYS) {
    const period = shop.operationperiods[day];
    if (period) hours[day] = { open: period.open, close: period.close };
  }
  return {
    name: shop.name,
    owner: shop.owner,
    owneremail: shop.owneremail,
    contact: { email: shop.contact.email, phoneno: shop.contact.phoneno },
    location: { address: shop.location.address, mapurl: shop.location.mapurl.join(', ') },
    operationperiods: hours,
    companypolicy: shop.companypolicy,
    socialmedialinks: shop.socialmedialinks.join(', '),
    payonorder: shop.payonorder,
    maxPerOrder: shop.maxPerOrder,
    description: shop.description,
    county: shop.county ?? '',
    whatsapp: shop.whatsapp ?? '',
    lowStockThreshold: shop.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
  };
}

/** The days with both times set; a day left blank is closed. */
export function formHoursToPeriods(hours: Record<Weekday, DayHours>): OperationPeriods {
  const periods: OperationPeriods = {};
  for (const day of WEEKDAYS) {
    const { open, close } = hours[day];
    if (open.trim() && close.trim()) periods[day] = { open: open.trim(), close: close.trim() };
  }
  return periods;
}

/** The body of POST /api/property/shop/create (no images yet) or PUT .../update/{id}. */
export function shopFormToInput(values: ShopFormValues, images?: ShopImages): ShopInput {
  return {
    name: values.name,
    owner: values.owner,
    owneremail: values.owneremail,
    contact: { email: values.contact.email, phoneno: values.contact.phoneno },
    location: { address: values.location.address, mapurl: splitCommaList(values.location.mapurl) },
    operationperiods: formHoursToPeriods(values.operationperiods),
    companypolicy: values.companypolicy,
    socialmedialinks: splitCommaList(values.socialmedialinks),
    payonorder: values.payonorder,
    maxPerOrder: values.maxPerOrder,
    description: values.description,
    // The select's value is one of the contract's counties; the contract checks it all the same.
    county: values.county === '' ? null : (values.county as County),
    whatsapp: values.whatsapp,
    lowStockThreshold: values.lowStockThreshold,
    ...(images ?? {}),
  };
}

/**
 * A body path as a form field name: an entry of a comma-separated list is the list's one input
 * (`location.mapurl.1` -> `location.mapurl`).
 */
export function shopFieldPath(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  const list = ['location.mapurl', 'socialmedialinks'].find((name) =>
    parts.join('.').startsWith(`${name}.`),
  );
  return list ?? parts.join('.');
}

/** Server field errors (keyed by body paths) keyed by the form's field names. */
export function shopServerFields(fields: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    out[shopFieldPath(path.split('.'))] ??= message;
  }
  return out;
}

// An emptied number input is NaN: let it through to the contract, which words the message.
const numberInput = z.union([z.number(), z.nan()]);

const hoursSchema = z.object({ open: z.string(), close: z.string() });

/** The form's schema, its own message in the words `t` gives (the owner's screens' English). */
export const makeShopFormSchema = (t: Translate<OwnerKey>) =>
  z
    .object({
      name: z.string(),
      owner: z.string(),
      owneremail: z.string(),
      contact: z.object({ email: z.string(), phoneno: z.string() }),
      location: z.object({ address: z.string(), mapurl: z.string() }),
      operationperiods: z.object(
        Object.fromEntries(WEEKDAYS.map((day) => [day, hoursSchema])) as Record<
          Weekday,
          typeof hoursSchema
        >,
      ),
      companypolicy: z.string(),
      socialmedialinks: z.string(),
      payonorder: z.boolean(),
      maxPerOrder: numberInput,
      description: z.string(),
      county: z.string(),
      whatsapp: z.string(),
      lowStockThreshold: numberInput,
    })
    .superRefine((values, ctx) => {
      for (const day of WEEKDAYS) {
        const { open, close } = values.operationperiods[day];
        if (Boolean(open.trim()) !== Boolean(close.trim())) {
          ctx.addIssue({
            code: 'custom',
            message: t('owner.shopForm.setBothTimes', { day: t(`day.${day}`) }),
            path: ['operationperiods', day, open.trim() ? 'close' : 'open'],
          });
        }
      }
      const parsed = shopInputSchema.safeParse(shopFormToInput(values as ShopFormValues));
      if (parsed.success) return;
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const path = shopFieldPath(issue.path);
        if (seen.has(path)) continue;
        seen.add(path);
        ctx.addIssue({ code: 'custom', message: issue.message, path: path.split('.') });
      }
    });
