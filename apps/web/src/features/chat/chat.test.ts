import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Translate } from '../../lib/i18n';
import { compileCatalog } from '../../locales/compile-catalog';
import {
  BOX_HEIGHT_PX,
  MESSAGE_DELAY_SECONDS,
  NOTIFICATION_DELAY_SECONDS,
  notificationDelayMs,
  secondsToMs,
} from './chat-settings';
import { chatContact, productChatMessage } from './chat-contact';
import { timeLabel, whatsappSendLink } from './chat-text';

const translator = (lang: 'en' | 'sw'): Translate => {
  const file = new URL(`../../locales/${lang}.json`, import.meta.url);
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const i18n = setupI18n({ locale: lang, messages: { [lang]: compileCatalog(source) } });
  return (key, values) => i18n._(key, values);
};
const en = translator('en');
const sw = translator('sw');

describe('whatsappSendLink', () => {
  it('keeps only the digits of the phone number', () => {
    expect(whatsappSendLink('+254 (712) 345-678', 'Hi')).toBe('https://wa.me/254712345678?text=Hi');
  });

  it("encodes '&', '#', emoji and newlines so the whole text reaches WhatsApp", () => {
    const text = 'Soap & oil #2 🌿\nDeliver to Nairobi? 50% off=yes';
    const link = whatsappSendLink('254712345678', text);
    expect(link).not.toBeNull();
    expect(link).toBe(
      'https://wa.me/254712345678?text=Soap%20%26%20oil%20%232%20%F0%9F%8C%BF%0ADeliver%20to%20Nairobi%3F%2050%25%20off%3Dyes',
    );
    const url = new URL(link ?? '');
    expect(url.hash).toBe('');
    expect([...url.searchParams.keys()]).toEqual(['text']);
    expect(url.searchParams.get('text')).toBe(text);
  });

  it('sends the text without its surrounding blanks', () => {
    expect(whatsappSendLink('254712345678', '  Hello \n')).toBe(
      'https://wa.me/254712345678?text=Hello',
    );
  });

  it('sends nothing for an empty or blank input', () => {
    expect(whatsappSendLink('254712345678', '')).toBeNull();
    expect(whatsappSendLink('254712345678', ' \n\t ')).toBeNull();
  });
});

describe('notificationDelayMs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is 60 s by default', () => {
    expect(notificationDelayMs(undefined)).toBe(60_000);
  });

  it('uses a configured delay of 10 s or more, in ms', () => {
    const log = vi.fn();
    expect(notificationDelayMs(10, log)).toBe(10_000);
    expect(notificationDelayMs(90, log)).toBe(90_000);
    expect(log).not.toHaveBeenCalled();
  });

  it('logs a delay under 10 s as an error and uses the default instead', () => {
    const log = vi.fn();
    expect(notificationDelayMs(9.5, log)).toBe(secondsToMs(NOTIFICATION_DELAY_SECONDS));
    expect(notificationDelayMs(0, log)).toBe(60_000);
    expect(notificationDelayMs(Number.NaN, log)).toBe(60_000);
    expect(log).toHaveBeenCalledTimes(3);
    expect(log.mock.calls[0]?.[0]).toMatch(/9\.5 s is under the minimum of 10 s/);
  });

  it('logs through console.error unless told otherwise', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(notificationDelayMs(3)).toBe(60_000);
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('chat settings', () => {
  it("are the spec's numbers", () => {
    expect(secondsToMs(MESSAGE_DELAY_SECONDS)).toBe(2000);
    expect(BOX_HEIGHT_PX).toBe(320);
  });
});

describe('productChatMessage', () => {
  const url = 'https://shop.example/product/1/2/baobab-oil';

  it('names the product, the chosen size and the page', () => {
    expect(productChatMessage({ name: 'Baobab Oil', variant: '100 ml', url }, en)).toBe(
      `Hello! I'm interested in Baobab Oil (100 ml): ${url}`,
    );
  });

  it("says it in the page's language", () => {
    expect(productChatMessage({ name: 'Baobab Oil', variant: '100 ml', url }, sw)).toBe(
      `Habari! Ninavutiwa na Baobab Oil (100 ml): ${url}`,
    );
  });

  it('leaves the size out for a product without variants', () => {
    expect(productChatMessage({ name: 'Shea Butter', variant: null, url }, en)).toBe(
      `Hello! I'm interested in Shea Butter: ${url}`,
    );
    expect(productChatMessage({ name: 'Shea Butter', variant: '  ', url }, en)).toBe(
      `Hello! I'm interested in Shea Butter: ${url}`,
    );
  });
});

describe('timeLabel', () => {
  it('is HH:MM on the 24-hour clock', () => {
    expect(timeLabel(new Date(2025, 0, 1, 7, 5))).toBe('07:05');
    expect(timeLabel(new Date(2025, 0, 1, 23, 59))).toBe('23:59');
  });
});

describe('chatContact (decision 040)', () => {
  const tenant = {
    phoneNumber: '254712345678',
    accountName: 'Soko Naturals',
    chatMessage: 'Karibu!',
    avatar: '/media/a/64x64.webp',
    statusMessage: 'Online',
  };
  const seller = {
    name: 'Kikapu Crafts',
    logoUrl: '/media/k/400x400.webp',
    whatsapp: '+254722456789',
  };

  it('chats with a seller that set its own number, under its name and logo', () => {
    expect(chatContact(tenant, seller, en)).toMatchObject({
      phoneNumber: '+254722456789',
      accountName: 'Kikapu Crafts',
      avatar: '/media/k/400x400.webp',
      label: 'Chat with Kikapu Crafts on WhatsApp',
    });
    expect(chatContact(tenant, seller, sw)?.label).toBe(
      'Zungumza na Kikapu Crafts kwenye WhatsApp',
    );
    // Even where the marketplace has no chat of its own.
    expect(chatContact(null, seller, en)?.phoneNumber).toBe('+254722456789');
  });

  it('keeps the marketplace’s chat away from sellers and for a seller without a number', () => {
    const marketplace = { ...tenant, label: 'Chat with us on WhatsApp' };
    expect(chatContact(tenant, null, en)).toEqual(marketplace);
    expect(chatContact(tenant, { ...seller, whatsapp: null }, en)).toEqual(marketplace);
    expect(chatContact(null, { ...seller, whatsapp: null }, en)).toBeNull();
    expect(chatContact({ ...tenant, phoneNumber: '' }, undefined, en)).toBeNull();
  });
});
