/** Copies text; false when the browser refuses (no permission, insecure context), so the caller can say so. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The Web Share API when the browser has it; 'copied' when it fell back to the clipboard. */
export async function shareLink(data: {
  title: string;
  url: string;
}): Promise<'shared' | 'copied' | 'failed'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      // The user closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
    }
  }
  return (await copyText(data.url)) ? 'copied' : 'failed';
}
