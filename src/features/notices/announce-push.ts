import { t } from '@lingui/core/macro';
import type { PushState } from '#lib/push-state';
import { toast } from '#lib/toast';

/** Says what a tap on a notification control changed: on, off, or blocked by the user's answer. */
export function announcePushChange(before: PushState | null, after: PushState): void {
  if (after === 'on' && before !== 'on') toast.positive(t`Notifications are on`);
  if (after === 'off' && before === 'on') toast.positive(t`Notifications are off`);
  if (after === 'denied') toast.negative(t`Notifications are blocked`);
}
