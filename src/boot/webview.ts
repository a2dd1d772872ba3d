export type WebViewKind = 'wechat' | 'facebook' | 'instagram' | 'line' | 'android-webview' | null;

/** In-app browsers by user agent: they lack install prompts and sometimes downloads. */
export function detectWebView(userAgent: string): WebViewKind {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/FBAN|FBAV|FB_IAB/i.test(userAgent)) return 'facebook';
  if (/Instagram/i.test(userAgent)) return 'instagram';
  if (/\bLine\//i.test(userAgent)) return 'line';
  if (/; wv\)/.test(userAgent)) return 'android-webview';
  return null;
}

export function webview(): void {
  const kind = detectWebView(navigator.userAgent);
  if (kind) {
    document.documentElement.classList.add('is-webview');
    document.documentElement.dataset.webview = kind;
  }
}
