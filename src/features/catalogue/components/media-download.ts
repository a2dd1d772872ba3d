import { api } from '../../../lib/api-client';
import type { MediaItem } from '../../../ui/media-viewer';

/** Spec section 7: images through /wxcps/downimage?url=, videos through /wxcps/downvideo?url=, saved as a file. */
export async function downloadMedia(item: MediaItem): Promise<void> {
  const path = item.kind === 'video' ? '/wxcps/downvideo' : '/wxcps/downimage';
  const { blob, filename } = await api.getBlob(path, { url: item.url });
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename ?? item.url.split('/').pop() ?? 'media';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser time to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
