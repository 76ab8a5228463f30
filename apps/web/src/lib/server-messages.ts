import type { TFunction } from 'i18next';
import { SERVER_MESSAGES } from '@pictura/contract';

type Groups = typeof SERVER_MESSAGES;
/** `order.giftCardInvalid` and the like: a group of SERVER_MESSAGES and one of its keys. */
type MessagePath = {
  [Group in keyof Groups]: `${Group}.${Extract<keyof Groups[Group], string>}`;
}[keyof Groups];

const pathByEnglish = new Map<string, MessagePath>(
  Object.entries(SERVER_MESSAGES).flatMap(([group, messages]) =>
    Object.entries(messages).map(
      ([key, english]) => [english, `${group}.${key}` as MessagePath] as const,
    ),
  ),
);

/**
 * A message the server sent, in the reader's language: the contract's messages (SERVER_MESSAGES)
 * are looked up by their English text; any other is shown as sent.
 */
export function serverMessageText(message: string, t: TFunction): string {
  const path = pathByEnglish.get(message);
  return path ? t(`serverMessages.${path}`) : message;
}
