/** The "no data" picture of empty lists (spec section 2): a search over an empty tray, in the brand colours. */
export function NoDataPicture({ size = 120 }: { size?: number }) {
  return (
    <svg
      className="no-data-picture"
      width={size}
      height={Math.round(size * 0.8)}
      viewBox="0 0 120 96"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="60" cy="86" rx="44" ry="6" fill="#f5f5f4" />
      <path
        d="M22 44h76l-8 34a6 6 0 0 1-6 4H36a6 6 0 0 1-6-4l-8-34Z"
        fill="#fff7ed"
        stroke="#fdba74"
        strokeWidth="2"
      />
      <path d="M22 44l12-18h52l12 18" fill="none" stroke="#fdba74" strokeWidth="2" strokeLinejoin="round" />
      <path d="M44 58h32" stroke="#fed7aa" strokeWidth="4" strokeLinecap="round" />
      <circle cx="74" cy="30" r="13" fill="#fff" stroke="#f97316" strokeWidth="3" />
      <path d="m83.5 39.5 9 9" stroke="#f97316" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M69 26.5c1.5-2 4-3 6.5-2.2"
        stroke="#fdba74"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
