import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '#contract/messages';
import { useMessageWording } from '#features/messages/components/use-message-wording.ts';
import { activateLocale } from '#lib/i18n';

// An event's message is worded by the app from its kind and params, in the language shown now.

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>{children}</I18nProvider>
);
const message = (
  kind: Message['kind'],
  params: Message['params'],
  extra: Partial<Message> = {},
): Message => ({
  id: 1,
  kind,
  params,
  title: null,
  body: null,
  createdAt: 0,
  read: false,
  ...extra,
});

afterEach(() => act(() => activateLocale('en-US')));

describe('useMessageWording', () => {
  it('words each event from its params, money rounded down to 2 decimals', () => {
    const { result } = renderHook(() => useMessageWording(), { wrapper });
    const word = result.current;
    expect(word(message('deposit_completed', { amount: 123.456, orderNo: 'D1' }))).toEqual({
      title: 'Deposit received',
      body: 'Your deposit of ₱123.45 has been added to your balance. Order D1.',
    });
    expect(
      word(message('withdrawal_rejected', { amount: 50, orderNo: 'W1', reason: 'Name mismatch' })).body,
    ).toBe(
      'Your withdrawal of ₱50.00 was not completed and the money is back in your balance. Reason: Name mismatch. Order W1.',
    );
    expect(word(message('transfer_received', { amount: 40, fromUid: 10000001 })).body).toBe(
      'You received ₱40.00 from user 10000001.',
    );
    expect(
      word(message('prize_won', { kind: 'item', name: 'Phone', amount: 0, day: '2026-11-27' })).body,
    ).toContain('within 24 hours');
    expect(
      word(message('commission_settled', { day: '2026-11-26', commission: 6, held: 2.5, rakeback: 0 })).body,
    ).toBe(
      'Your earnings of 2026-11-26 are settled: commission ₱6.00, rake back ₱0.00. ₱2.50 is held for review.',
    );
    expect(
      word(message('ratio_changed', { channel: 'Slots', from: 0, rate: 0.3, day: '2026-11-28' })).body,
    ).toBe('Your ratio in Slots changes from 0% to 0.3% from 2026-11-28.');
    expect(word(message('operator', {}, { title: 'Hi', body: 'There' }))).toEqual({
      title: 'Hi',
      body: 'There',
    });
  });

  it('follows a change of language', async () => {
    await act(() => activateLocale('zh-CN'));
    const { result } = renderHook(() => useMessageWording(), { wrapper });
    expect(result.current(message('deposit_completed', { amount: 1, orderNo: 'D1' })).title).toBe(
      '充值已到账',
    );
  });

  it('names a known item prize in the reader’s language, an unknown one as the server names it', async () => {
    await act(() => activateLocale('es-ES'));
    const { result } = renderHook(() => useMessageWording(), { wrapper });
    const won = (prize: string, name: string) =>
      result.current(message('prize_won', { kind: 'item', prize, name, amount: 0, day: '2026-11-27' })).body;
    expect(won('phone', 'Cell phone')).toContain('Teléfono móvil');
    expect(won('scooter', 'Scooter X1')).toContain('Scooter X1');
  });
});
