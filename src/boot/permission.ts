import { createStore } from '#lib/store';

export interface PermissionSnapshot {
  notification: NotificationPermission | 'unsupported';
  persistentStorage: boolean | 'unsupported';
}

/**
 * What the browser already allows, for later features (push for messages, persistent storage for
 * offline use) to decide whether to ask. Nothing is requested at load: browsers penalise and users
 * dismiss prompts that arrive before any gesture.
 */
export const permissionStore = createStore<PermissionSnapshot>({
  notification: 'unsupported',
  persistentStorage: 'unsupported',
});

export async function permission(): Promise<void> {
  const notification = typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
  let persistentStorage: PermissionSnapshot['persistentStorage'] = 'unsupported';
  try {
    if (navigator.storage?.persisted) persistentStorage = await navigator.storage.persisted();
  } catch {
    // Some WebViews expose the API and throw: treat as unsupported.
  }
  permissionStore.set({ notification, persistentStorage });
}
