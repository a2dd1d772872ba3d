/// <reference lib="webworker" />
import { setCacheNameDetails } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { setUpShellCaching } from './caching';
import { setUpPush } from './push';
import { setUpImageCaching } from './runtime';
import { setUpUpdates } from './update';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// The entry only wires modules (DESIGN.md section 5.6).
setCacheNameDetails({ prefix: 'beacon' });
setUpUpdates();
setUpShellCaching(self.__WB_MANIFEST);
setUpImageCaching();
setUpPush();
