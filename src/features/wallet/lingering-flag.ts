import { useEffect, useRef, useState } from 'react';

/** Spec sections 4 and 9: the user-info loading flag clears 3 s after the last load. */
export const USER_INFO_FLAG_LINGER_MS = 3000;

/** True while `active`, and until `lingerMs` after it last turned false. */
export function useLingeringFlag(active: boolean, lingerMs = USER_INFO_FLAG_LINGER_MS): boolean {
  const [flag, setFlag] = useState(active);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (active) {
      setFlag(true);
      return;
    }
    timer.current = setTimeout(() => setFlag(false), lingerMs);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [active, lingerMs]);
  return flag;
}
