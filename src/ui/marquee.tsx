import type { ReactNode } from 'react';

/**
 * Spec section 2: the items side by side, scrolling continuously (14 s, linear, forever). The track
 * holds the items twice so the loop has no seam; the copy is hidden from assistive technology.
 * Under prefers-reduced-motion the CSS stops it and the items wrap instead.
 */
export function Marquee({
  items,
  label,
}: {
  items: readonly { key: string | number; node: ReactNode }[];
  label: string;
}) {
  const row = (copy: boolean) => (
    <ul className="marquee__group" aria-hidden={copy || undefined}>
      {items.map((item) => (
        <li key={item.key} className="marquee__item">
          {item.node}
        </li>
      ))}
    </ul>
  );
  return (
    <section className="marquee" aria-label={label}>
      <div className="marquee__track">
        {row(false)}
        {row(true)}
      </div>
    </section>
  );
}
