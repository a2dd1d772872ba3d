/// <reference types="vite/client" />

/** Set by vite.config.ts `define`, one per build. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
}

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
