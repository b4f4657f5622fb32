// The compiled message catalogs (vite.config.ts, messageCatalogs; decision 049).
declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
