import { type ReactNode, useEffect, useRef } from 'react';
import { useReducedMotion } from './use-reduced-motion';

/** Spec section 9: the strip drifts 0.5 px per frame. */
export const DRIFT_PX_PER_FRAME = 0.5;

export interface DriftState {
  position: number;
  direction: 1 | -1;
}

/**
 * One frame of the drift: move by `speed` in the current direction; at either end, clamp and turn
 * round (right until the end, then left until the start, and so on).
 */
export function driftStep(state: DriftState, max: number, speed = DRIFT_PX_PER_FRAME): DriftState {
  if (max <= 0) return { position: 0, direction: state.direction };
  const next = state.position + state.direction * speed;
  if (next >= max) return { position: max, direction: -1 };
  if (next <= 0) return { position: 0, direction: 1 };
  return { position: next, direction: state.direction };
}

/**
 * A horizontal strip that drifts on its own (requestAnimationFrame), pauses while a mouse is over it,
 * while it is touched or has focus, and stays still under prefers-reduced-motion. It remains a normal
 * scroll container, so people can swipe it themselves.
 */
export function DriftStrip({ children, label }: { children: ReactNode; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const reduced = useReducedMotion();

  useEffect(() => {
    const node = ref.current;
    if (!node || reduced) return;
    let state: DriftState = { position: node.scrollLeft, direction: 1 };
    let frame = 0;
    const tick = () => {
      if (!paused.current) {
        // Follow where the user left it after a manual swipe.
        if (Math.abs(node.scrollLeft - state.position) > 2) state = { ...state, position: node.scrollLeft };
        state = driftStep(state, node.scrollWidth - node.clientWidth);
        node.scrollLeft = state.position;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [reduced]);

  const pause = () => {
    paused.current = true;
  };
  const resume = () => {
    paused.current = false;
  };

  return (
    <section
      ref={ref}
      className="drift-strip"
      aria-label={label}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onTouchStart={pause}
      onTouchEnd={resume}
      onTouchCancel={resume}
      onFocus={pause}
      onBlur={resume}
    >
      {children}
    </section>
  );
}
