/** The Beacon mark: a location pin over a horizon, on the primary orange. */
export function BrandMark({ size = 56 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 56 56"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="56" height="56" rx="16" fill="#f97316" />
      <path d="M28 12a10 10 0 0 1 10 10c0 7-10 18-10 18S18 29 18 22a10 10 0 0 1 10-10Z" fill="#fff" />
      <circle cx="28" cy="22" r="4" fill="#c2410c" />
      <path d="M20 44h16" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
