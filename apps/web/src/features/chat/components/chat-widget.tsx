// The shop's chat, as the layout shows it: the support chat box with the messaging widget inside,
// filled from the tenant's WhatsApp data. Nothing renders for a tenant without it (spec section 1).
import { useState } from 'react';
import { useTenant } from '../../tenants';
import { useChatProduct } from '../chat-product-store';
import { productChatMessage, timeLabel } from '../chat-text';
import { MessagingWidget } from './messaging-widget';
import { SupportChat } from './support-chat';

export function ChatWidget() {
  const { data: tenant } = useTenant();
  const product = useChatProduct();
  // When the message arrived (null: still on its way, the dots show).
  const [arrivedAt, setArrivedAt] = useState<Date | null>(null);
  // Each closing starts the next conversation afresh: the input gets the prepared text again.
  const [conversation, setConversation] = useState(0);

  const whatsapp = tenant?.whatsapp;
  if (!whatsapp?.phoneNumber) return null;

  const initialText = product ? productChatMessage(product) : '';
  return (
    <SupportChat
      avatar={whatsapp.avatar || undefined}
      name={whatsapp.accountName}
      status={whatsapp.statusMessage}
      label="Chat with us on WhatsApp"
      onOpen={() => setArrivedAt(new Date())}
      onClose={() => {
        setArrivedAt(null);
        setConversation((count) => count + 1);
      }}
    >
      <MessagingWidget
        // A new product (or size) prepares a new text, as does a new conversation.
        key={`${conversation}:${initialText}`}
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
