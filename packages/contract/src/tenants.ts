// Tenants as an admin edits them (DESIGN "Tenants"): the host names a tenant answers on, the shop
// it shows first, and its SEO and WhatsApp data. Blank SEO fields fall back to the spec's
// defaults (seoWithDefaults), so the form may leave any of them empty.
import { z } from 'zod';
import { httpUrlSchema, imageUrlSchema, optionalText, requiredText, uuidSchema } from './common';
import { seoSchema, whatsappSchema } from './catalog';

export const MAX_TENANT_HOSTS = 20;

const HOST_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${HOST_LABEL}(?:\\.${HOST_LABEL})*$`);

/** A host name as the Host header carries it, without scheme, port or path; kept lower-case. */
export const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HOST_NAME, 'Enter a host name such as shop.example.co.ke (no http:// and no path).');

/** A host list typed as comma-separated or one-per-line text. */
export function splitHostList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter(Boolean);
}

const tenantSeoInputSchema = z.strictObject({
  title: optionalText(120),
  description: optionalText(300),
  keywords: optionalText(300),
  url: z.union([z.literal(''), httpUrlSchema]),
});

// WhatsApp's chat links want the number in international form, digits only (2547XXXXXXXX);
// spaces, dashes and a leading + are allowed here and dropped by whatsappDigits.
const whatsappPhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?\d[\d\s-]{6,18}\d$/, 'Enter the number with its country code, e.g. 254712345678.');

export const whatsappDigits = (phone: string) => phone.replace(/\D/g, '');

const tenantWhatsappInputSchema = z.strictObject({
  phoneNumber: whatsappPhoneSchema,
  accountName: requiredText(100, 'Enter the name shoppers see.'),
  chatMessage: optionalText(300),
  avatar: z.union([z.literal(''), imageUrlSchema]),
  statusMessage: optionalText(100),
});

/** POST /api/tenants and PUT /api/tenants/{id}: the whole tenant; `null` drops SEO or chat data. */
export const tenantInputSchema = z.strictObject({
  hosts: z
    .array(hostNameSchema)
    .min(1, 'Add at least one host name.')
    .max(MAX_TENANT_HOSTS, `At most ${MAX_TENANT_HOSTS} host names.`)
    .refine((hosts) => new Set(hosts).size === hosts.length, 'List each host name once.'),
  shopId: uuidSchema,
  seo: tenantSeoInputSchema.nullable(),
  whatsapp: tenantWhatsappInputSchema.nullable(),
});
export type TenantInput = z.input<typeof tenantInputSchema>;
export type ParsedTenantInput = z.output<typeof tenantInputSchema>;

/** A tenant in the admin's list. The default one answers every host no tenant names. */
export const adminTenantSchema = z.object({
  _id: uuidSchema,
  hosts: z.array(z.string()),
  isDefault: z.boolean(),
  shopId: uuidSchema,
  shopName: z.string(),
  seo: seoSchema.nullable(),
  whatsapp: whatsappSchema.nullable(),
});
export type AdminTenant = z.infer<typeof adminTenantSchema>;
export const adminTenantListSchema = z.array(adminTenantSchema);
