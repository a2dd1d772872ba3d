import { downImageCall, downVideoCall } from '#contract/catalogue';
import { api } from '#lib/api-client';
import { toast } from '#lib/toast';
import type { MediaItem } from '#ui/media-viewer';

/** Spec section 7: images through /wxcps/downimage?url=, videos through /wxcps/downvideo?url=, saved as a file. */
export async function downloadMedia(item: MediaItem): Promise<void> {
  const call = item.kind === 'video' ? downVideoCall : downImageCall;
  const { blob, filename } = await api.getBlob(call.path, { url: item.url });
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

/** The media viewer's download button: a failure is logged and said (`failed`, in the user's language). */
export const saveMedia = (item: MediaItem, failed: string): Promise<void> =>
  downloadMedia(item).catch((error: unknown) => {
    console.error('media download failed', error);
    toast.negative(failed);
  });
