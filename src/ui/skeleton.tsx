/** Grey placeholders in the shape of what is loading (DESIGN.md section 6: skeletons for lists and cards). */
export function SkeletonRows({ count = 4, label }: { count?: number; label: string }) {
  return (
    <div className="skeleton-list" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="skeleton-row" aria-hidden="true">
          <span className="skeleton skeleton--square" />
          <span className="skeleton-row__lines">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </span>
          <span className="skeleton skeleton--pill" />
        </div>
      ))}
    </div>
  );
}

export function SkeletonCards({ count = 3, label }: { count?: number; label: string }) {
  return (
    <div className="skeleton-cards" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <span key={index} className="skeleton skeleton--card" aria-hidden="true" />
      ))}
    </div>
  );
}

export function SkeletonBlock({ className, label }: { className?: string; label: string }) {
  return <span className={`skeleton ${className ?? ''}`} role="status" aria-label={label} />;
}
