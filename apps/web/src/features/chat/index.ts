// What the rest of the app may use of the chat. The layout loads this file lazily, after the first
// paint; the product page imports only the store's hook (the package has no side effects, so the
// widget's modules are tree-shaken out of that import).
export { ChatWidget } from './components/chat-widget';
export { useChatAboutProduct } from './chat-product-store';
export type { ChatAboutProduct } from './chat-product-store';
export { useChatWithSeller } from './chat-seller-store';
export { whatsappSendLink } from './chat-text';
