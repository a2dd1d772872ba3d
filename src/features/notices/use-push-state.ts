import { useEffect } from 'react';
import { type PushState, pushStateStore, refreshPushState } from '#lib/push-state';
import { useStore } from '#lib/store';

/** The device's push state (null while first checked), checked again whenever a control shows. */
export function usePushState(): PushState | null {
  useEffect(() => {
    void refreshPushState();
  }, []);
  return useStore(pushStateStore);
}
