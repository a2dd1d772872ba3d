// The entry: small, so the page's first view (the server's, or the service worker's snapshot of home)
// paints and gets its picture before the app's code takes the link (docs/decisions/0010).
import './styles/global.css';
import './ui/shapes.css';
// Home's first screen is painted before any script runs (the server's first view, the worker's snapshot of
// banners, ticker, newest strip and rows): its sheets must be in the entry's stylesheet, not in home's chunk.
import './features/home/components/home.css';
import './features/catalogue/components/catalogue.css';
// Every wallet screen needs it whichever way it is entered (a cold load of /Cards had none): it is small
// (about 1.6 KB gzipped), so it travels with the global sheet rather than with one lazy screen.
import './features/wallet/wallet.css';
import { waitForFirstView } from '#lib/first-view';
import { listenForInstallPrompt } from '#lib/install';
import { guardStaleChunks } from '#lib/update-checks';

// Chromium offers installation once, early: keep the event before anything else can miss it.
listenForInstallPrompt();
// After a deploy an old shell may ask for chunks that are gone: one reload, never a blank screen.
guardStaleChunks();

void waitForFirstView()
  .then(() => import('./start'))
  .then(({ start }) => start())
  .catch((error: unknown) => console.error('The app could not be loaded', error));
