/** The parts of a site entry the manifest shows. */
export interface ManifestSite {
  domain: string;
  name: string;
  shortName: string;
  themeColor: string;
  /** The site's own icons (PNG uploads, site-settings/); null: the build's (public/icons/). */
  icons: SiteIcons | null;
}

/** A site's own icons' addresses, as the manifest names them. */
export interface SiteIcons {
  any192: string;
  any512: string;
  maskable512: string;
}

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

export interface ManifestShortcut {
  name: string;
  short_name: string;
  description: string;
  url: string;
  icons: ManifestIcon[];
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: ManifestShortcut[];
}

/**
 * What the page shows when no site entry matches its host: index.html's title and theme colour, which the
 * app keeps when boot/sites finds no match. The manifest says the same, so the installed app is named
 * like the page it was installed from.
 */
export const DEFAULT_SITE: ManifestSite = {
  domain: '',
  name: 'Beacon',
  shortName: 'Beacon',
  themeColor: '#f97316',
  icons: null,
};

/**
 * What the manifest brands with: the entry of the site the request came through (callerSite's `own`, the
 * same match as the app's findSite in src/lib/site.ts), else the page's defaults. A host without an entry
 * of its own is not branded as another site, unlike its content, which comes from the first site.
 */
export const manifestSiteOf = (
  own:
    | {
        domain: string;
        name: string;
        short_name: string;
        theme_color: string;
        icon_192?: string | null;
        icon_512?: string | null;
        icon_maskable_512?: string | null;
      }
    | undefined,
): ManifestSite =>
  own
    ? {
        domain: own.domain,
        name: own.name,
        shortName: own.short_name,
        themeColor: own.theme_color,
        // All three or none: a site is never named with half its own icons and half the build's.
        icons:
          own.icon_192 && own.icon_512 && own.icon_maskable_512
            ? { any192: own.icon_192, any512: own.icon_512, maskable512: own.icon_maskable_512 }
            : null,
      }
    : DEFAULT_SITE;

const ICON_192: ManifestIcon = {
  src: '/icons/icon-192.png',
  sizes: '192x192',
  type: 'image/png',
  purpose: 'any',
};
const ICON_512: ManifestIcon = {
  src: '/icons/icon-512.png',
  sizes: '512x512',
  type: 'image/png',
  purpose: 'any',
};
const MASKABLE_512: ManifestIcon = {
  src: '/icons/maskable-512.png',
  sizes: '512x512',
  type: 'image/png',
  purpose: 'maskable',
};

export const MANIFEST_ICONS: readonly ManifestIcon[] = [ICON_192, ICON_512, MASKABLE_512];

/** The manifest's icons: the site's own when it has them (the same sizes and purposes), else the build's. */
export function manifestIcons(icons: SiteIcons | null): ManifestIcon[] {
  if (!icons) return [...MANIFEST_ICONS];
  return [
    { ...ICON_192, src: icons.any192 },
    { ...ICON_512, src: icons.any512 },
    { ...MASKABLE_512, src: icons.maskable512 },
  ];
}

/**
 * Shortcut names are English: the browser fetches the manifest without the user's chosen locale (it lives
 * in the app's storage, not in a header), and the server holds no translations.
 */
const SHORTCUTS: readonly Omit<ManifestShortcut, 'icons'>[] = [
  {
    name: 'Mini-games',
    short_name: 'Mini-games',
    description: 'Catalogue 1: mini-games to promote',
    // Tab 1 is the home page's default and is left out of its URL.
    url: '/',
  },
  {
    name: 'Short-video tasks',
    short_name: 'Videos',
    description: 'Catalogue 2: short-video tasks',
    url: '/?tab=2',
  },
  {
    name: 'Promotion',
    short_name: 'Promotion',
    description: 'Your promotion links and QR codes',
    url: '/promotion/1',
  },
];

/** The web app manifest for one site; every text in it comes from the site entry or from this file. */
export function buildManifest(site: ManifestSite): WebAppManifest {
  return {
    id: '/',
    name: site.name,
    short_name: site.shortName,
    description: `${site.name}: promote mini-games and short-video tasks, manage your balance and team.`,
    lang: 'en',
    dir: 'ltr',
    // The plain root: the home route's search schema knows no tracking parameter, and the service worker's
    // navigation fallback and the router then see the same URL as any other visit.
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: site.themeColor,
    background_color: '#ffffff',
    icons: manifestIcons(site.icons),
    shortcuts: SHORTCUTS.map((shortcut) => ({
      ...shortcut,
      icons: [site.icons ? { ...ICON_192, src: site.icons.any192 } : ICON_192],
    })),
  };
}
