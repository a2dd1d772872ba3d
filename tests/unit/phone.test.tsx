import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  areaCodeOf,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  sendSmsRequestSchema,
  toNationalNumber,
} from '#contract/auth';
import { LoginPage } from '#features/auth/components/login-page.tsx';
import { RegisterPage } from '#features/auth/components/register-page.tsx';
import { logout } from '#lib/session';
import { issueCodes } from '#lib/validation-messages';
import { renderInRouter } from './render';

beforeEach(() => logout());

const answer = (data: unknown) =>
  new Response(JSON.stringify({ status: 200, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });
// The request is what these tests look at; the login answer is a plain refusal.
const refused = () =>
  new Response(
    JSON.stringify({
      status: 400,
      message: 'Wrong phone number or password',
      data: { code: 'credentials_wrong' },
    }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  );

describe('a phone as people type it (issue 11)', () => {
  it.each([
    ['63', '9171234567'],
    ['63', '917 123 4567'],
    ['63', '+63 917 123 4567'],
    ['63', '+639171234567'],
    ['63', '0917 123 4567'],
    ['63', '0917-123-4567'],
    ['63', '(0917) 123.4567'],
    ['63', ' +63\u00a0917\u2013123\u20134567 '],
    ['63', '+63 (0) 917 123 4567'],
  ])('+%s "%s" is the national number 9171234567', (areaCode, typed) => {
    expect(toNationalNumber(areaCode, typed)).toBe('9171234567');
    const parsed = loginRequestSchema.safeParse({ areaCode, phone: typed, password: 'x' });
    expect(parsed.success && parsed.data.phone).toBe('9171234567');
  });

  it('follows each country: the US trunk 1, none in Spain, 0 in Korea, India and China', () => {
    expect(toNationalNumber('1', '+1 (415) 555-2671')).toBe('4155552671');
    expect(toNationalNumber('1', '1 415 555 2671')).toBe('4155552671');
    expect(toNationalNumber('34', '612 34 56 78')).toBe('612345678');
    expect(toNationalNumber('34', '+34 612 34 56 78')).toBe('612345678');
    expect(toNationalNumber('82', '010-1234-5678')).toBe('1012345678');
    expect(toNationalNumber('91', '098765 43210')).toBe('9876543210');
    expect(toNationalNumber('86', '+86 138 0013 8000')).toBe('13800138000');
  });

  it('every request with a phone sends the national number', () => {
    const phone = '+63 917 123 4567';
    for (const [schema, rest] of [
      [sendSmsRequestSchema, { purpose: 'register' }],
      [registerRequestSchema, { password: 'Kestrel#4821', code: '123456' }],
      [forgotPasswordRequestSchema, { password: 'Kestrel#4821', code: '123456' }],
      [loginRequestSchema, { password: 'x' }],
    ] as const) {
      const parsed = schema.safeParse({ areaCode: '63', phone, ...rest });
      expect(parsed.success && parsed.data.phone).toBe('9171234567');
    }
  });

  it.each([
    ['+82 10 1234 5678', 'phone_wrong'],
    ['+44 20 7946 0958', 'phone_wrong'],
    ['+63', 'phone_format'],
    ['0', 'phone_format'],
    ['917', 'phone_format'],
    ['9'.repeat(16), 'phone_format'],
    ['917 123 456x', 'phone_format'],
    ['+63+9171234567', 'phone_format'],
    ['', 'phone_required'],
    ['  - ', 'phone_required'],
  ])('refuses "%s" for +63 with %s, one issue only', (typed, code) => {
    const parsed = loginRequestSchema.safeParse({ areaCode: '63', phone: typed, password: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.filter((issue) => issue.path[0] === 'phone')).toHaveLength(1);
    expect(issueCodes(parsed.error as NonNullable<typeof parsed.error>).phone).toBe(code);
  });

  it('reads the country code of an international number', () => {
    expect(areaCodeOf('+82 10 1234 5678')).toBe('82');
    expect(areaCodeOf('+1 415')).toBe('1');
    expect(areaCodeOf('+63')).toBe('63');
    expect(areaCodeOf('+8')).toBeUndefined();
    expect(areaCodeOf('+44 20')).toBeUndefined();
    expect(areaCodeOf('82 10')).toBeUndefined();
  });
});

describe('the phone field', () => {
  it('logs in with "+63 917 123 4567" as the national number', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => refused());
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderInRouter(() => <LoginPage redirect={undefined} />, '/login');
    const phone = screen.getByLabelText('Phone number');
    // The phone pad has "+"; a digits-only pad would not let anyone type it.
    expect(phone.getAttribute('inputmode')).toBe('tel');
    await user.type(phone, '+63 917 123 4567');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      areaCode: '63',
      phone: '9171234567',
      password: 'secret1',
    });
  });

  it("takes another country's code typed in the number as the chosen area code", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => refused());
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderInRouter(() => <LoginPage redirect={undefined} />, '/login');
    const areaCode = screen.getByLabelText('Country/region code') as HTMLSelectElement;
    expect(areaCode.value).toBe('63');
    await user.type(screen.getByLabelText('Phone number'), '+82 10-1234-5678');
    expect(areaCode.value).toBe('82');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      areaCode: '82',
      phone: '1012345678',
    });
  });

  it('"Send code" sends the national number of "0917 123 4567"', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(answer({ cooldownSeconds: 60 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    await renderInRouter(() => <RegisterPage redirect={undefined} invite={undefined} />, '/register');
    await user.type(screen.getByLabelText('Phone number'), '0917 123 4567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      areaCode: '63',
      phone: '9171234567',
      purpose: 'register',
    });
  });
});
