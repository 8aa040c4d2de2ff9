'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Dictionary } from '@/i18n/dictionary';
import type { Locale } from '@/i18n/locales';

export interface ErrorMessages {
  locale: Locale;
  homeHref: string;
  text: Dictionary['errors'];
}

const ErrorMessagesContext = createContext<ErrorMessages | null>(null);

/**
 * Error boundaries are client components and get no props from the server: the layout hands them
 * the error strings of the page's language through this context (only those strings reach the browser).
 */
export function ErrorMessagesProvider({ messages, children }: { messages: ErrorMessages; children: ReactNode }) {
  return <ErrorMessagesContext.Provider value={messages}>{children}</ErrorMessagesContext.Provider>;
}

export function useErrorMessages(): ErrorMessages {
  const messages = useContext(ErrorMessagesContext);
  if (messages === null) throw new Error('useErrorMessages() must be used inside <ErrorMessagesProvider>');
  return messages;
}
