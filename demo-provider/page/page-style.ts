/**
 * The game pages' CSS: made for a 360-430 px phone inside the platform's full-screen frame; AA
 * contrast on a dark table, 44 px touch targets, the system font stack with CJK and Hangul fallbacks.
 */
export const PAGE_STYLE = `
:root { color-scheme: dark; --bg: #1c1917; --panel: #292524; --line: #57534e; --text: #f5f5f4; --muted: #d6d3d1;
  --accent: #fb923c; --accent-text: #1c1917; --good: #4ade80; --bad: #fca5a5; }
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--text); }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Microsoft YaHei",
  "Apple SD Gothic Neo", "Malgun Gothic", sans-serif; max-width: 430px; margin: 0 auto;
  padding: max(12px, env(safe-area-inset-top)) max(16px, env(safe-area-inset-right)) max(16px, env(safe-area-inset-bottom)) max(16px, env(safe-area-inset-left)); }
h1 { font-size: 1.375rem; margin: 0; }
h2 { font-size: 1.125rem; margin: 1.5rem 0 0.5rem; }
.top { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; }
.balance { text-align: right; color: var(--muted); font-size: 0.875rem; }
.balance output { display: block; color: var(--text); font-size: 1.25rem; font-weight: 700; }
.money { font-variant-numeric: tabular-nums; }
.stage { margin: 16px 0; padding: 16px; border-radius: 16px; background: var(--panel); text-align: center; }
.reels { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; }
.reel { aspect-ratio: 1; display: grid; place-items: center; border-radius: 12px; background: #0c0a09;
  border: 2px solid var(--line); padding: 14%; }
.reel.spin { animation: blink 0.3s linear infinite; }
@keyframes blink { 50% { opacity: 0.35; } }
.die { font-size: 3rem; font-weight: 800; font-variant-numeric: tabular-nums; min-height: 4.5rem; }
.result { min-height: 3rem; margin-top: 12px; font-weight: 600; }
.result.win { color: var(--good); }
.result.bad { color: var(--bad); }
label, legend { display: block; font-weight: 600; margin-bottom: 6px; }
fieldset { border: 0; padding: 0; margin: 0 0 16px; }
.stake { display: flex; gap: 8px; }
input[type=number] { flex: 1; min-width: 0; min-height: 48px; padding: 0 12px; font: inherit; font-size: 1.125rem;
  color: var(--text); background: #0c0a09; border: 2px solid var(--line); border-radius: 12px; }
button { min-height: 48px; min-width: 48px; padding: 0 14px; font: inherit; font-weight: 600; color: var(--text);
  background: var(--panel); border: 2px solid var(--line); border-radius: 12px; cursor: pointer; }
button:disabled { opacity: 0.6; cursor: progress; }
:focus-visible { outline: 3px solid #fdba74; outline-offset: 2px; }
.play { width: 100%; margin-top: 8px; background: var(--accent); color: var(--accent-text); border-color: var(--accent); font-size: 1.125rem; }
.chips { display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px; }
.chips input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.chips label { margin: 0; min-height: 48px; display: grid; place-items: center; border: 2px solid var(--line);
  border-radius: 12px; font-weight: 600; cursor: pointer; }
.chips input:checked + label { background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
.chips input:focus-visible + label { outline: 3px solid #fdba74; outline-offset: 2px; }
.hint { color: var(--muted); font-size: 0.875rem; margin: 6px 0 0; }
table { width: 100%; border-collapse: collapse; font-size: 0.875rem; font-variant-numeric: tabular-nums; }
th, td { padding: 6px 4px; border-bottom: 1px solid var(--line); text-align: right; }
th:first-child, td:first-child { text-align: left; }
.rules p, .rules li { color: var(--muted); }
.error { padding: 16px; border-radius: 12px; background: var(--panel); }
@media (prefers-reduced-motion: reduce) { .reel.spin { animation: none; } }
`;
