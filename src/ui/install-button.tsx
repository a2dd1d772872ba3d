import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type InstallOffer, promptInstall, useInstallOffer } from '../lib/install';
import { Dialog } from './dialog';
import { ChevronRightIcon, DownloadIcon } from './icons';

/** Safari's own Share glyph (a box with an arrow up), drawn so the steps match what the user sees. */
const SafariShareGlyph = () => (
  <svg
    className="install-steps__glyph"
    width={20}
    height={20}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M12 3v12M8 7l4-4 4 4M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2" />
  </svg>
);

export function IosInstallDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      title={t`Add to Home Screen`}
      onClose={onClose}
      footer={
        <button type="button" className="button button--primary button--block" onClick={onClose}>
          {t`OK`}
        </button>
      }
    >
      <ol className="install-steps">
        <li>
          <Trans>
            Tap the Share button <SafariShareGlyph /> in Safari's toolbar.
          </Trans>
        </li>
        <li>
          <Trans>Scroll down and tap "Add to Home Screen".</Trans>
        </li>
        <li>
          <Trans>Tap "Add". The app then opens from your home screen, even offline.</Trans>
        </li>
      </ol>
    </Dialog>
  );
}

/** The install entry: the browser's prompt where it offers one, add-to-home-screen steps on iOS Safari. */
export function InstallButton({
  offer,
  className,
}: {
  offer: Exclude<InstallOffer, 'none'>;
  className?: string;
}) {
  const { t } = useLingui();
  const [stepsOpen, setStepsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup={offer === 'ios' ? 'dialog' : undefined}
        onClick={() => (offer === 'prompt' ? void promptInstall() : setStepsOpen(true))}
      >
        <DownloadIcon size={22} />
        <span>{t`Install app`}</span>
        <ChevronRightIcon size={20} className="menu-list__chevron" />
      </button>
      <IosInstallDialog open={stepsOpen} onClose={() => setStepsOpen(false)} />
    </>
  );
}

/** A row of the My page's menu list; nothing at all when running installed or when there is nothing to offer. */
export function InstallMenuItem() {
  const offer = useInstallOffer();
  if (offer === 'none') return null;
  return (
    <li>
      <InstallButton offer={offer} className="menu-list__item" />
    </li>
  );
}
