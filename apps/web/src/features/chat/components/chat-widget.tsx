// The shop's chat, as the layout shows it: the support chat box with the messaging widget inside,
// filled from the tenant's WhatsApp data, or on a seller's pages from the seller's own number
// (decision 040). Nothing renders when neither has one (spec section 1).
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useMetadata, useTenant } from '../../tenants';
import { useChatProduct } from '../chat-product-store';
import { useChatSellerId } from '../chat-seller-store';
import { chatContact, productChatMessage } from '../chat-contact';
import { timeLabel } from '../chat-text';
import { MessagingWidget } from './messaging-widget';
import { SupportChat } from './support-chat';

export function ChatWidget() {
  const { data: tenant } = useTenant();
  const { data: shops } = useMetadata();
  const sellerId = useChatSellerId();
  const product = useChatProduct();
  const t = useT();
  // When the message arrived (null: still on its way, the dots show).
  const [arrivedAt, setArrivedAt] = useState<Date | null>(null);
  // Each closing starts the next conversation afresh: the input gets the prepared text again.
  const [conversation, setConversation] = useState(0);

  const seller = sellerId ? shops?.find((shop) => shop._id === sellerId) : undefined;
  const whatsapp = chatContact(tenant?.whatsapp, seller, t);
  if (!whatsapp) return null;

  const initialText = product ? productChatMessage(product, t) : '';
  return (
    <SupportChat
      avatar={whatsapp.avatar || undefined}
      name={whatsapp.accountName}
      status={whatsapp.statusMessage}
      label={whatsapp.label}
      onOpen={() => setArrivedAt(new Date())}
      onClose={() => {
        setArrivedAt(null);
        setConversation((count) => count + 1);
      }}
    >
      <MessagingWidget
        // A new product (or size) prepares a new text, as does a new conversation.
        key={`${conversation}:${whatsapp.phoneNumber}:${initialText}`}
        phoneNumber={whatsapp.phoneNumber}
        message={whatsapp.chatMessage}
        senderLabel={whatsapp.accountName}
        timeLabel={arrivedAt ? timeLabel(arrivedAt) : ''}
        initialText={initialText}
        loading={arrivedAt === null}
      />
    </SupportChat>
  );
}
