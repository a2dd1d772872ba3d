import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loginRequestSchema, registerRequestSchema } from '#contract/auth';
import { validationMessages } from '#contract/validation-codes';
import { LoginPage } from '#features/auth/components/login-page.tsx';
import { RegisterPage } from '#features/auth/components/register-page.tsx';
import { activateLocale, LOCALES, type Locale } from '#lib/i18n';
import { logout } from '#lib/session';
import { issueCodes, VALIDATION_MESSAGES, validationMessage } from '#lib/validation-messages';
import { renderInRouter } from './render';

beforeEach(() => logout());

describe('validation messages', () => {
  it('translate every code of the contract', () => {
    expect(Object.keys(VALIDATION_MESSAGES).sort()).toEqual(Object.keys(validationMessages).sort());
    for (const [code, english] of Object.entries(validationMessages)) {
      expect(validationMessage(i18n, code)).toBe(english);
    }
  });

  it('fall back to the server text for an unknown code', () => {
    expect(validationMessage(i18n, 'brand_new_code', 'Server says no')).toBe('Server says no');
  });

  it('map contract schema failures to the spec messages', () => {
    const empty = loginRequestSchema.safeParse({ areaCode: '63', phone: '', password: '' });
    expect(empty.success).toBe(false);
    const codes = issueCodes(empty.error ?? new z.ZodError([]));
    expect(validationMessage(i18n, codes.phone ?? '')).toBe('Phone number is required');
    expect(validationMessage(i18n, codes.password ?? '')).toBe('Password is required');

    const bad = registerRequestSchema.safeParse({ areaCode: '63', phone: '12ab', password: '123', code: '' });
    const badCodes = issueCodes(bad.error ?? new z.ZodError([]));
    expect(validationMessage(i18n, badCodes.phone ?? '')).toBe('Phone number format is incorrect');
    expect(validationMessage(i18n, badCodes.password ?? '')).toBe('Password must be 6 to 12 characters');
    expect(validationMessage(i18n, badCodes.code ?? '')).toBe('Verification code is required');
  });
});

describe('the password length rule (issue 11: the message and the hint agree)', () => {
  // Spec section 5 words it "digits", but any character counts: the message says characters like the hint.
  const words: Record<Locale, { unit: string; not: string }> = {
    'en-US': { unit: 'characters', not: 'digits' },
    'en-PH': { unit: 'characters', not: 'digits' },
    'es-ES': { unit: 'caracteres', not: 'dígitos' },
    'ko-KR': { unit: '자', not: '자리' },
    'zh-CN': { unit: '字符', not: '位' },
  };
  it.each(LOCALES)('%s: "characters" in both', async (locale) => {
    await activateLocale(locale);
    try {
      const hint = i18n._(msg`6 to 12 characters`);
      const message = validationMessage(i18n, 'password_length');
      expect(hint).toContain(words[locale].unit);
      expect(message).toContain(words[locale].unit);
      expect(message).not.toContain(words[locale].not);
    } finally {
      await activateLocale('en-US');
    }
  });
});

describe('login form', () => {
  it('shows the messages under their fields before calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderInRouter(() => <LoginPage redirect={undefined} />, '/login');

    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    const phone = screen.getByLabelText('Phone number');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(phone.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toBe('Phone number is required');
    expect(
      document.getElementById(password.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toBe('Password is required');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(phone, '12x');
    await user.type(password, 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Phone number format is incorrect')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a server 400 issue under its field', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(
        JSON.stringify({
          status: 400,
          message: 'Wrong number',
          data: { issues: [{ path: 'phone', code: 'phone_wrong', message: 'Wrong number' }] },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderInRouter(() => <LoginPage redirect={undefined} />, '/login');

    await user.type(screen.getByLabelText('Phone number'), '9171234567');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Wrong number')).toBeTruthy();
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      areaCode: '63',
      phone: '9171234567',
      password: 'secret1',
    });
  });

  it('toggles password visibility', async () => {
    const user = userEvent.setup();
    await renderInRouter(() => <LoginPage redirect={undefined} />, '/login');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
  });
});

describe('register form', () => {
  it('checks password length and code, and prefills the invite code', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderInRouter(() => <RegisterPage redirect={undefined} invite="AB12" />, '/register');
    expect((screen.getByLabelText('Invite code (optional)') as HTMLInputElement).value).toBe('AB12');

    await user.type(screen.getByLabelText('Phone number'), '9171234567');
    await user.type(screen.getByLabelText('Password'), '1234567890123');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Password must be 6 to 12 characters')).toBeTruthy();
    expect(screen.getByText('Verification code is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears a field's message when the field is typed in, and only that one", async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    const user = userEvent.setup();
    await renderInRouter(() => <RegisterPage redirect={undefined} invite={undefined} />, '/register');
    await user.type(screen.getByLabelText('Phone number'), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Verification code is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Password'), 's');
    expect(screen.queryByText('Password is required')).toBeNull();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Verification code is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Verification code'), '1');
    expect(screen.queryByText('Verification code is required')).toBeNull();
  });

  it('"Send code" validates the phone first, then counts down', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify({ status: 200, message: 'ok', data: { cooldownSeconds: 60 } }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderInRouter(() => <RegisterPage redirect={undefined} invite={undefined} />, '/register');

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Phone number is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Phone number'), '9171234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Send code/ }).hasAttribute('disabled')).toBe(true),
    );
    expect(screen.getByRole('button', { name: /Send code/ }).textContent).toMatch(/\((60|59)s\)/);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      areaCode: '63',
      phone: '9171234567',
      purpose: 'register',
    });
  });
});
