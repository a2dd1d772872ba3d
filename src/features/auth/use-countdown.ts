import { useCallback, useEffect, useState } from 'react';

const storageKey = (key: string) => `cooldown:${key}`;

function readDeadline(key: string): number {
  try {
    return Number(sessionStorage.getItem(storageKey(key))) || 0;
  } catch {
    return 0;
  }
}

/**
 * Seconds left before a code may be requested again. The deadline, not a counter, is kept (and in
 * sessionStorage), so re-renders, remounts and a reload do not restart or lose the wait.
 */
export function useCountdown(key: string) {
  const [deadline, setDeadline] = useState(() => readDeadline(key));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setDeadline(readDeadline(key));
  }, [key]);

  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback(
    (seconds: number) => {
      const next = Date.now() + seconds * 1000;
      try {
        sessionStorage.setItem(storageKey(key), String(next));
      } catch {
        // Without storage the wait lasts for this page only.
      }
      setNow(Date.now());
      setDeadline(next);
    },
    [key],
  );

  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, start };
}
