import { expect, type Page, test } from '@playwright/test';
import { depositListCall, recordsCall, safeInfoCall, safeSetPasswordCall } from '#contract/wallet';
import { apiCall } from './api';
import { depositViaApi, freshUser } from './wallet-support';

// Issue 11, item 1: amounts are typed the user's locale's way. In each locale a new user (one SMS
// code each) types a deposit and a move into the safe as that locale writes numbers; the page shows the
// amount it understood before anything is sent, and the server records exactly that amount.
// Locators avoid translated texts (names, test ids), so the specs hold whatever the catalogues say.

interface Case {
  locale: string;
  /** The deposit as typed, what the page shows, what the server records. */
  deposit: [typed: string, shown: string, recorded: number];
  safe: [typed: string, shown: string, recorded: number];
  /** Typed the other convention's way: refused with the locale's "a correct amount". */
  refused: [typed: string, message: string];
}

const CASES: Case[] = [
  {
    locale: 'en-US',
    deposit: ['1,234.5', '₱1,234.50', 1234.5],
    safe: ['12.5', '₱12.50', 12.5],
    refused: ['100,00', 'Please enter a correct amount'],
  },
  {
    locale: 'es-ES',
    deposit: ['100,50', 'M$100,50', 100.5],
    safe: ['1,50', 'M$1,50', 1.5],
    refused: ['100.50', 'Introduce un importe correcto'],
  },
  {
    locale: 'ko-KR',
    deposit: ['2,500.75', '₩2,500.75', 2500.75],
    safe: ['7.5', '₩7.50', 7.5],
    refused: ['7,5', '올바른 금액을 입력하세요'],
  },
  {
    locale: 'en-PH',
    deposit: ['1,000', '₱1,000.00', 1000],
    safe: ['0.99', '₱0.99', 0.99],
    refused: ['0,99', 'Please enter a correct amount'],
  },
  {
    locale: 'zh-CN',
    deposit: ['88.8', '₱88.80', 88.8],
    // A Chinese keyboard in full-width mode types these.
    safe: ['１２．３４', '₱12.34', 12.34],
    refused: ['12,34', '请输入正确的金额'],
  },
];

const amountField = (page: Page) => page.locator('input[name="amount"]');
const describedText = async (page: Page, input: ReturnType<typeof amountField>) => {
  // The error first when there is one, then the hint.
  const id = (await input.getAttribute('aria-describedby'))?.split(' ')[0];
  return page.locator(`[id="${id}"]`);
};

for (const c of CASES) {
  test(`${c.locale}: deposit and safe amounts typed the ${c.locale} way are read and recorded exactly`, async ({
    page,
  }) => {
    const user = await freshUser(page);
    await depositViaApi(page.request, user.token, 400);
    await apiCall(page.request, safeSetPasswordCall, { password: '135790' }, { token: user.token });
    await page.evaluate((locale) => localStorage.setItem('locale', locale), c.locale);

    // Deposit: the other convention is refused before anything is sent.
    await page.goto('/Deposit');
    await expect(page.locator('html')).toHaveAttribute('lang', c.locale);
    const deposit = amountField(page);
    const submit = page.locator('form button[type="submit"]');
    const [refused, message] = c.refused;
    await deposit.fill(refused);
    await expect(page.getByTestId('amount-understood')).toHaveCount(0);
    await submit.click();
    await expect(deposit).toHaveAttribute('aria-invalid', 'true');
    await expect(await describedText(page, deposit)).toHaveText(message);
    const none = await apiCall(page.request, depositListCall, {}, { token: user.token });
    expect(none.totalElements).toBe(1);

    // Typed the locale's way: the amount understood shows before anything is sent, then is recorded.
    const [typed, shown, recorded] = c.deposit;
    await deposit.fill(typed);
    await expect(page.getByTestId('amount-understood')).toContainText(shown);
    await submit.click();
    await expect(page).toHaveURL(/\/Deposit\?orderNo=D/);
    const orders = await apiCall(page.request, depositListCall, {}, { token: user.token });
    expect(orders.content[0]?.amount).toBe(recorded);
    await expect(page.locator('.wallet-facts')).toContainText(shown);

    // The safe: into it from the main balance.
    await page.goto('/Safe');
    const moveIn = page
      .locator('form')
      .filter({ has: amountField(page) })
      .first();
    const [safeTyped, safeShown, safeRecorded] = c.safe;
    await moveIn.locator('input[name="amount"]').fill(safeTyped);
    await expect(moveIn.getByTestId('amount-understood')).toContainText(safeShown);
    await moveIn.locator('button[type="submit"]').click();
    await expect(page.getByTestId('safe-balance')).toHaveText(safeShown);
    const safe = await apiCall(page.request, safeInfoCall, {}, { token: user.token });
    expect(safe.balance).toBe(safeRecorded);
    const records = await apiCall(page.request, recordsCall, { type: 'safeIn' }, { token: user.token });
    expect(records.content.map((r) => r.amount)).toEqual([-safeRecorded]);
  });
}
