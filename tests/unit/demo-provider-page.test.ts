import { afterEach, describe, expect, it, vi } from 'vitest';
import { findGame } from '../../demo-provider/catalogue';
import { gamePage } from '../../demo-provider/page/game-page';
import { PAGE_SCRIPT } from '../../demo-provider/page/page-script';

function page(code: string, lang: string, balance = 51_380): string {
  const game = findGame(code, code === 'lucky-dice-live' ? 'transfer' : 'seamless');
  if (!game) throw new Error(`no game ${code}`);
  return gamePage({
    game,
    session: 'ss-1',
    balance,
    currency: 'PHP',
    lang,
    nonce: 'n',
    playUrl: `/play/${code}/rounds`,
    roundUrl: '/play/rounds/',
  });
}

/** Puts the page's body into the document and runs its script, as a browser would. */
function open(html: string): Document {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.body.innerHTML = parsed.body.innerHTML;
  new Function(PAGE_SCRIPT)();
  return document;
}

const text = (doc: Document, selector: string) => doc.querySelector(selector)?.textContent?.trim();

afterEach(() => {
  document.body.innerHTML = '';
});

describe('game page language', () => {
  it('shows a ko-KR launch in Korean, its amounts with ₩ as the app does', () => {
    const doc = open(page('lucky-reels', 'ko-KR'));
    expect(doc.documentElement.lang).toBe('ko-KR');
    expect(text(doc, '#balance')).toBe('₩513.80');
    expect(text(doc, '.balance')).toContain('잔액');
    expect(text(doc, '#play')).toBe('돌리기');
    expect(text(doc, 'label[for=stake]')).toContain('₩');
    const shown = text(doc, 'main') ?? '';
    expect(shown).not.toContain('PHP');
    expect(shown).not.toMatch(/Balance|Stake|Rules|Return to player|Reel \d/);
  });

  it('shows es-ES in Spanish with M$ and Spanish separators, zh-CN in Chinese with ₱', () => {
    const es = open(page('lucky-dice', 'es-ES', 123_456));
    expect(text(es, '#balance')).toBe('M$1234,56');
    expect(text(es, '#play')).toBe('Lanzar');
    expect(text(es, 'legend')).toBe('Probabilidad de ganar');
    const zh = open(page('lucky-reels', 'zh', 51_380));
    expect(zh.documentElement.lang).toBe('zh-CN');
    expect(text(zh, '#balance')).toBe('₱513.80');
    expect(text(zh, '#play')).toBe('旋转');
  });

  it('says a round’s result in the page language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          done: true,
          roundId: 'r1',
          outcome: { engine: 'dice', roll: 12, target: 51 },
          payout: 19_600,
          balance: 61_380,
          message: null,
        }),
      ),
    );
    const doc = open(page('lucky-dice', 'ko-KR'));
    doc.querySelector<HTMLFormElement>('#form')?.requestSubmit();
    await vi.waitFor(() => expect(text(doc, '#result')).toBe('₩196.00 당첨!'));
    expect(text(doc, '#balance')).toBe('₩613.80');
  });

  it('keeps English for en-US, en-PH and a language it has no texts for', () => {
    for (const lang of ['en-US', 'en-PH', 'fr-FR']) {
      const doc = open(page('lucky-reels', lang));
      expect(text(doc, '#balance')).toBe('₱513.80');
      expect(text(doc, '#play')).toBe('Spin');
    }
  });
});
