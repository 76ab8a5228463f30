import { beforeAll, describe, expect, it } from 'vitest';
import type { ResourceKey, TFunction } from 'i18next';
import { ORDER_MESSAGES, SERVER_MESSAGES } from '@pictura/contract';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ja from '../locales/ja.json';
import { ApiError } from './api-client';
import { apiErrorText } from './api-error-text';
import { i18n, initI18n } from './i18n';
import { serverMessageText } from './server-messages';

const localeModules = import.meta.glob<ResourceKey>('../locales/*.json', { import: 'default' });

beforeAll(async () => {
  await initI18n({ lng: 'en', loaders: localeModules });
});

const t: TFunction = i18n.t.bind(i18n);

describe("the server's messages", () => {
  it("have a text in every language; the English one is the server's own wording", () => {
    expect(en.serverMessages).toEqual(SERVER_MESSAGES);
    for (const locale of [es, ja]) {
      for (const [group, messages] of Object.entries(SERVER_MESSAGES)) {
        const translated = locale.serverMessages[group as keyof typeof SERVER_MESSAGES];
        expect(Object.keys(translated).sort()).toEqual(Object.keys(messages).sort());
        for (const [key, english] of Object.entries(messages)) {
          const text = translated[key as keyof typeof translated] as string;
          expect(text, `${group}.${key}`).not.toBe('');
          expect(text, `${group}.${key}`).not.toBe(english);
        }
      }
    }
  });

  it("are shown in the reader's language, and any other message as sent", async () => {
    await i18n.changeLanguage('ja');
    expect(serverMessageText(ORDER_MESSAGES.giftCardInvalid, t)).toBe(
      'このギフトカード番号は無効か、すでに使用されています。',
    );
    expect(serverMessageText(SERVER_MESSAGES.balance.insufficient, t)).toBe(
      '残高が不足しています。',
    );
    expect(serverMessageText('Something new the server says', t)).toBe(
      'Something new the server says',
    );
    await i18n.changeLanguage('es');
    const conflict = new ApiError('serverMessage', SERVER_MESSAGES.generation.notCancellable, 409);
    expect(apiErrorText(conflict, t)).toBe(
      'Esta generación ya ha empezado y no se puede cancelar.',
    );
    await i18n.changeLanguage('en');
    expect(apiErrorText(conflict, t)).toBe(SERVER_MESSAGES.generation.notCancellable);
  });
});
