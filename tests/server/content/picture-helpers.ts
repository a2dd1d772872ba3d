import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestServer } from '../harness';

/** A picture of `width` x `height` in `format`, one flat colour (a colour of its own: another upload). */
export const picture = (
  width: number,
  height: number,
  colour: string,
  format: 'png' | 'jpeg' | 'gif' = 'png',
): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

/** A colour no other call of this process has used: each picture is then a distinct upload. */
let next = 0x102030;
export const freshColour = (): string => {
  next = (next + 0x0b0d07) % 0xffffff;
  return `#${next.toString(16).padStart(6, '0')}`;
};

/** POSTs a banner picture form (multipart/form-data, as the console's form is sent); answers the envelope. */
export async function postPictureForm(server: TestServer, token: string, body: FormData) {
  const res = await fetch(`${server.url}/api/admin/banners/picture`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data, read per test
  const envelope = (await res.json()) as { status: number; message: string; data: any };
  return { http: res.status, ...envelope };
}

/** Uploads a banner's picture in one language, as the console's form does (a fresh picture unless given). */
export async function uploadPicture(
  server: TestServer,
  token: string,
  form: { id: number; locale: string; bytes?: Buffer },
) {
  const body = new FormData();
  body.set('id', String(form.id));
  body.set('locale', form.locale);
  const bytes = form.bytes ?? (await picture(750, 245, freshColour()));
  body.set('picture', new Blob([Uint8Array.from(bytes)], { type: 'image/png' }), 'banner.png');
  return postPictureForm(server, token, body);
}

export interface AdminBannerData {
  id: number;
  defaultLocale: string;
  picUrl: string;
  pictures: Record<string, string>;
}

/** A banner in English (default) and Spanish, shown on home, on `site` (null: every site). */
export async function createBanner(
  server: TestServer,
  token: string,
  site: string | null = null,
): Promise<AdminBannerData> {
  const res = await server.post(
    '/admin/banners/create',
    {
      site,
      texts: { 'en-US': { name: 'Harvest week' }, 'es-ES': { name: 'Semana de cosecha' } },
      enabled: true,
    },
    token,
  );
  expect(res.http, res.message).toBe(200);
  return res.data;
}

/** Uploads a fresh picture for each locale in turn; answers the banner as the last upload left it. */
export async function withPictures(
  server: TestServer,
  token: string,
  id: number,
  locales: readonly string[],
): Promise<AdminBannerData> {
  let banner: AdminBannerData | undefined;
  for (const locale of locales) {
    const res = await uploadPicture(server, token, { id, locale });
    expect(res.http, res.message).toBe(200);
    banner = res.data;
  }
  if (!banner) throw new Error('no locale given');
  return banner;
}

/** The status of a GET of `path` on the server. */
export const statusOf = async (server: TestServer, path: string): Promise<number> =>
  (await fetch(`${server.url}${path}`)).status;
