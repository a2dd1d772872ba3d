import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type InstallOffer, promptInstall, useInstallOffer } from '#lib/install';
import { Dialog } from './dialog';
import { ChevronRightIcon, DownloadIcon, SafariShareIcon } from './icons';
import './install-button.css';

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
            Tap the Share button <SafariShareIcon className="install-steps__glyph" size={20} /> in Safari's
            toolbar.
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
