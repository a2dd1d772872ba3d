import type { APIRequestContext } from '@playwright/test';
import { lobbyCall } from '#contract/games';
import { apiCall } from './api';

/** The demo lobby's channels, as the app's lobby reads them. */
export async function lobbyChannels(request: APIRequestContext) {
  return (await apiCall(request, lobbyCall, {})).channels;
}

/** The demo lobby's transfer channel (Live Casino): the spec needs one. */
export async function transferChannel(request: APIRequestContext) {
  const channel = (await lobbyChannels(request)).find((c) => c.transfer);
  if (!channel) throw new Error('The demo lobby has no transfer channel');
  return channel;
}
