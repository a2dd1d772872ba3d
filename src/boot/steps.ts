import { cssvar } from './cssvar';
import { directive } from './directive';
import { fastclick } from './fastclick';
import { iosHandler } from './ios-handler';
import { pcHandler } from './pc-handler';
import { permission } from './permission';
import { plugins } from './plugins';
import type { BootStep } from './types';
import { webview } from './webview';

/** The boot steps in the order of spec section 4. */
export const BOOT_STEPS: readonly BootStep[] = [
  { name: 'plugins', run: plugins },
  { name: 'directive', run: directive },
  { name: 'fastclick', run: fastclick },
  { name: 'permission', run: permission },
  { name: 'pcHandler', run: pcHandler },
  { name: 'webview', run: webview },
  { name: 'cssvar', run: cssvar },
  { name: 'iosHandler', run: iosHandler },
];
