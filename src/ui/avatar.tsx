import type { AvatarId } from '#contract/user';

/**
 * The avatars' pictures, drawn here (a background colour and one shape on a 48-unit square), so an avatar
 * costs no request and shows offline. The ids are the contract's (`AVATARS`).
 */
const PICTURES: Record<AvatarId, { bg: string; fg: string; shape: string }> = {
  sun: { bg: '#fff3e0', fg: '#c2410c', shape: 'M24 14a10 10 0 1 1 0 20a10 10 0 1 1 0-20z' },
  moon: { bg: '#e0e7ff', fg: '#3730a3', shape: 'M28 12a12 12 0 1 0 8 20a10 10 0 0 1-8-20z' },
  leaf: { bg: '#dcfce7', fg: '#166534', shape: 'M12 36c0-14 10-24 24-24c0 14-10 24-24 24z' },
  wave: {
    bg: '#e0f2fe',
    fg: '#075985',
    shape: 'M8 28c4-6 8-6 12 0s8 6 12 0s8-6 8-6v10c-4 6-8 6-12 0s-8-6-12 0s-8 6-8 6z',
  },
  peak: { bg: '#f1f5f9', fg: '#334155', shape: 'M6 36l12-20l7 11l5-6l12 15z' },
  star: {
    bg: '#fef9c3',
    fg: '#a16207',
    shape: 'M24 8l4.7 10.5l11.3 1.2l-8.5 7.6l2.4 11.2L24 32.8l-9.9 5.7l2.4-11.2L8 19.7l11.3-1.2z',
  },
  flame: {
    bg: '#ffe4e6',
    fg: '#be123c',
    shape: 'M24 8c8 8 12 14 12 20a12 12 0 0 1-24 0c0-5 3-9 6-12c0 5 2 7 4 8c0-6 0-10 2-16z',
  },
  drop: { bg: '#cffafe', fg: '#0e7490', shape: 'M24 8c6 9 12 15 12 22a12 12 0 0 1-24 0c0-7 6-13 12-22z' },
  bolt: { bg: '#fef3c7', fg: '#92400e', shape: 'M27 6L13 27h9l-3 15l16-22h-9z' },
  shell: {
    bg: '#fce7f3',
    fg: '#9d174d',
    shape: 'M24 10c10 0 16 8 16 16c0 6-4 10-16 10S8 32 8 26c0-8 6-16 16-16zM24 14v20M17 16l4 18M31 16l-4 18',
  },
  cloud: {
    bg: '#f0f9ff',
    fg: '#0369a1',
    shape: 'M15 34a7 7 0 0 1 0-14a10 10 0 0 1 19-2a8 8 0 0 1 0 16z',
  },
  gem: { bg: '#ede9fe', fg: '#6d28d9', shape: 'M16 12h16l8 10l-16 18L8 22z' },
};

const isAvatarId = (id: string): id is AvatarId => id in PICTURES;

interface AvatarProps {
  /** The user's avatar id; unknown or none shows `fallback` (a newer server's avatar, or none chosen). */
  id: string | null | undefined;
  /** Shown without a known avatar: a short text (the phone's last digits). */
  fallback: string;
  size?: number;
  className?: string;
}

/** Decorative: the name beside it says who it is. */
export function Avatar({ id, fallback, size = 56, className }: AvatarProps) {
  if (!id || !isAvatarId(id)) {
    return (
      <span className={className} aria-hidden="true" style={{ width: size, height: size }}>
        {fallback}
      </span>
    );
  }
  const picture = PICTURES[id];
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      data-avatar={id}
    >
      <rect width="48" height="48" rx="24" fill={picture.bg} />
      <path d={picture.shape} fill={picture.fg} stroke={picture.fg} strokeWidth="1" strokeLinejoin="round" />
    </svg>
  );
}
