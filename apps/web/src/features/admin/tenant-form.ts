// The tenant form's values and the body they stand for: host names typed as a list, SEO fields
// that may stay blank (the spec's defaults show), and the WhatsApp chat contact switched on or
// off. The contract's tenantInputSchema checks the body, its messages put back on the inputs;
// the form's own message is the admin's screens' (decision 050).
import { z } from 'zod';
import {
  splitHostList,
  tenantInputSchema,
  type AdminTenant,
  type TenantInput,
} from '@soko/contract';
import type { AdminKey, Translate } from '../../lib/i18n';

export interface TenantFormValues {
  hosts: string;
  shopId: string;
  seo: { title: string; description: string; keywords: string; url: string };
  withWhatsapp: boolean;
  whatsapp: {
    phoneNumber: string;
    accountName: string;
    chatMessage: string;
    avatar: string;
    statusMessage: string;
  };
}

export function tenantToForm(tenant: AdminTenant | null): TenantFormValues {
  return {
    hosts: tenant?.hosts.join('\n') ?? '',
    shopId: tenant?.shopId ?? '',
    seo: {
      title: tenant?.seo?.title ?? '',
      description: tenant?.seo?.description ?? '',
      keywords: tenant?.seo?.keywords ?? '',
      url: tenant?.seo?.url ?? '',
    },
    withWhatsapp: Boolean(tenant?.whatsapp),
    whatsapp: {
      phoneNumber: tenant?.whatsapp?.phoneNumber ?? '',
      accountName: tenant?.whatsapp?.accountName ?? '',
      chatMessage: tenant?.whatsapp?.chatMessage ?? '',
      avatar: tenant?.whatsapp?.avatar ?? '',
      statusMessage: tenant?.whatsapp?.statusMessage ?? '',
    },
  };
}

export function tenantFormToInput(values: TenantFormValues): TenantInput {
  return {
    hosts: splitHostList(values.hosts),
    shopId: values.shopId,
    seo: values.seo,
    whatsapp: values.withWhatsapp ? values.whatsapp : null,
  };
}

/** A body path as the form's field name: every host's message goes on the one hosts input. */
export const tenantFieldPath = (path: readonly PropertyKey[]): string =>
  path[0] === 'hosts' ? 'hosts' : path.map(String).join('.');

export function tenantServerFields(fields: Readonly<Record<string, string>>) {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    out[tenantFieldPath(path.split('.'))] ??= message;
  }
  return out;
}

const text = z.string();

/** The form's schema, its own message in the words `t` gives (the admin's screens' English). */
export const makeTenantFormSchema = (t: Translate<AdminKey>) =>
  z
    .object({
      hosts: text,
      shopId: text,
      seo: z.object({ title: text, description: text, keywords: text, url: text }),
      withWhatsapp: z.boolean(),
      whatsapp: z.object({
        phoneNumber: text,
        accountName: text,
        chatMessage: text,
        avatar: text,
        statusMessage: text,
      }),
    })
    .superRefine((values, ctx) => {
      const parsed = tenantInputSchema.safeParse(tenantFormToInput(values));
      if (parsed.success) return;
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const path = tenantFieldPath(issue.path);
        if (seen.has(path)) continue;
        seen.add(path);
        const message = path === 'shopId' ? t('admin.tenants.shopRequired') : issue.message;
        ctx.addIssue({ code: 'custom', message, path: path.split('.') });
      }
    });
