// The owner's and the admin's screens (decision 050) are English whatever the shopper's
// language: their own I18n, fixed to English, with the English start part (the shell and the
// shared pieces on those pages), the footer's and the chat's, the contract's and the server's
// words, and the staff parts. Loaded with the staff routes' code only (app/routes.tsx), so
// neither this nor the messages are in the shopper's first load.
import type { Messages } from '@lingui/core';
import type { StaffPart } from '../locales/compile-catalog';
import { createI18n, setStaffLingui, type AdminKey, type OwnerKey, type Translate } from './i18n';

const PARTS: Record<StaffPart, () => Promise<{ messages: Messages }>> = {
  owner: () => import('virtual:messages/en/owner'),
  admin: () => import('virtual:messages/en/admin'),
};

const i18n = createI18n('en', {});
const lingui = { i18n, _: i18n._.bind(i18n) };

/** Loads a staff route's parts (an admin's routes: both, admins use the owner's screens). */
export async function loadStaffMessages(...parts: StaffPart[]): Promise<void> {
  const loaded = await Promise.all([
    import('virtual:messages/en'),
    // The contract's and the server's words their forms show, and the layout's footer and chat
    // (decision 050: each a part of its own), in English.
    import('virtual:messages/en/problem'),
    import('virtual:messages/en/footer'),
    import('virtual:messages/en/chat'),
    ...parts.map((part) => PARTS[part]()),
  ]);
  for (const { messages } of loaded) i18n.load('en', messages);
  // The layout draws the whole page, header included, in this English on a staff route.
  setStaffLingui(lingui);
}

/** An owner screen's texts: English, whatever the page around it is in. */
export function useOwnerT(): Translate<OwnerKey> {
  return lingui._ as Translate<OwnerKey>;
}

/** An admin screen's texts (the owner's screens' too: admins use them). */
export function useAdminT(): Translate<AdminKey> {
  return lingui._ as Translate<AdminKey>;
}
