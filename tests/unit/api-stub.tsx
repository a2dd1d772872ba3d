import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { queryClient } from '#lib/query-client';

/** The server's answer envelope as fetch gives it. */
export const envelope = (status: number, data: unknown, message = 'ok') =>
  new Response(JSON.stringify({ status, message, data }), {
    status: status === 200 ? 200 : status,
    headers: { 'content-type': 'application/json' },
  });

export interface Sent {
  path: string;
  body: Record<string, unknown>;
  key: string | null;
}

/** Answers the API by path (each answer a value, or a function of the body); records what was sent. */
export function stubApi(
  answers: Record<string, unknown | ((body: Record<string, unknown>) => Response | unknown)>,
) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).replace(/^\/api/, '');
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      sent.push({ path, body, key: new Headers(init?.headers).get('Idempotency-Key') });
      const answer = answers[path];
      if (answer === undefined) return envelope(404, null, `no stub for ${path}`);
      const value = typeof answer === 'function' ? answer(body) : answer;
      return value instanceof Response ? value : envelope(200, value);
    }),
  );
  return sent;
}

/** Renders with the app's i18n and query client. */
export const withApp = (ui: ReactNode) =>
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
