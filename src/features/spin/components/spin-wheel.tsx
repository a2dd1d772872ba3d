import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { SpinPrize } from '#contract/spin';
import { prizeName } from '#lib/prize-name';
import { useReducedMotion } from '#ui/use-reduced-motion';

/** How long the wheel turns to a result; the announcement waits for it. */
export const SPIN_ANIMATION_MS = 3600;
const TURNS = 5;
const COLOURS = ['#fff7ed', '#fed7aa'];

const point = (deg: number, r: number) => {
  const rad = ((deg - 90) * Math.PI) / 180;
  return `${(r * Math.cos(rad)).toFixed(3)} ${(r * Math.sin(rad)).toFixed(3)}`;
};

/**
 * The wheel: one equal slice per prize (the odds are in the table beside it, not in the slices' sizes). It
 * turns to the slice the server drew (`target`, a prize index, with `spinId` changing per spin) and calls
 * `onShown` once it rests there. Under reduced motion it holds still and marks the slice instead.
 */
export function SpinWheel({
  prizes,
  target,
  spinId,
  onShown,
}: {
  prizes: readonly SpinPrize[];
  target: number | null;
  spinId: number;
  onShown: () => void;
}) {
  const { i18n } = useLingui();
  const still = useReducedMotion();
  const [angle, setAngle] = useState(0);
  const shown = useRef(onShown);
  shown.current = onShown;
  const slice = 360 / Math.max(prizes.length, 1);

  useEffect(() => {
    if (spinId === 0 || target === null) return;
    if (still) {
      shown.current();
      return;
    }
    setAngle((current) => {
      const rest = (((360 - (target * slice + slice / 2) - current) % 360) + 360) % 360;
      return current + TURNS * 360 + rest;
    });
    // The transition's end, or this if it never fires (a hidden tab).
    const timer = window.setTimeout(() => shown.current(), SPIN_ANIMATION_MS + 100);
    return () => window.clearTimeout(timer);
  }, [spinId, target, still, slice]);

  return (
    <div className="spin-wheel">
      <svg viewBox="-104 -104 208 208" className="spin-wheel__svg" aria-hidden="true">
        <g
          className="spin-wheel__disc"
          style={{
            transform: `rotate(${angle}deg)`,
            transition: still ? 'none' : `transform ${SPIN_ANIMATION_MS}ms cubic-bezier(0.17, 0.67, 0.2, 1)`,
          }}
        >
          <circle r="102" fill="#c2410c" />
          {prizes.map((p, i) => {
            const from = i * slice;
            const to = from + slice;
            const mid = from + slice / 2;
            const marked = still && target === i && spinId > 0;
            const label = prizeName(i18n, p);
            return (
              <g key={p.code}>
                <path
                  d={`M0 0 L${point(from, 96)} A96 96 0 ${slice > 180 ? 1 : 0} 1 ${point(to, 96)} Z`}
                  fill={marked ? '#f97316' : COLOURS[i % COLOURS.length]}
                  stroke="#c2410c"
                  strokeWidth="1"
                />
                {/* Along the radius, from the hub outwards: a long name (a translated item) is squeezed to fit. */}
                <text
                  transform={`rotate(${mid}) translate(0 -58) rotate(-90)`}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  className="spin-wheel__label"
                  {...(label.length > 9 ? { textLength: 66, lengthAdjust: 'spacingAndGlyphs' } : {})}
                >
                  {label}
                </text>
              </g>
            );
          })}
          <circle r="16" fill="#c2410c" />
        </g>
        <path d="M0 -84 L-8 -103 L8 -103 Z" fill="#1c1917" />
      </svg>
    </div>
  );
}
