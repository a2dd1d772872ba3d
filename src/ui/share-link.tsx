import { useLingui } from '@lingui/react/macro';
import { copyText, shareLink } from '#lib/clipboard';
import { absoluteLink } from '#lib/format';
import { toast } from '#lib/toast';
import { CopyIcon, ShareIcon } from './icons';
import { QrCode } from './qr-code';
import './share-link.css';

/**
 * A link to share (a promotion link, an agent's invite or recharge link): its QR code (drawn here, from the
 * link), the link itself, copy, and share (which falls back to copy where the browser cannot share).
 */
export function ShareLink({
  url: link,
  title,
  qrLabel,
  qrSize = 112,
}: {
  /** Absolute, or a path the server gives ("/register?link=..."): shared with this site's origin. */
  url: string;
  /** The share sheet's title. */
  title: string;
  qrLabel: string;
  qrSize?: number;
}) {
  const { t } = useLingui();
  const url = absoluteLink(link);
  const copy = async () => {
    if (await copyText(url)) toast.positive(t`Copied successfully`);
    else toast.negative(t`Could not copy. Please copy the link by hand.`);
  };
  const share = async () => {
    const outcome = await shareLink({ title, url });
    if (outcome === 'copied') toast.positive(t`Copied successfully`);
    if (outcome === 'failed') toast.negative(t`Could not copy. Please copy the link by hand.`);
  };
  return (
    <div className="share-link">
      <QrCode value={url} size={qrSize} label={qrLabel} />
      <div className="share-link__link">
        <p className="share-link__url" data-testid="share-url">
          {url}
        </p>
        <div className="share-link__buttons">
          <button type="button" className="button button--outline button--small" onClick={copy}>
            <CopyIcon size={18} />
            {t`Copy`}
          </button>
          <button type="button" className="button button--primary button--small" onClick={share}>
            <ShareIcon size={18} />
            {t`Share`}
          </button>
        </div>
      </div>
    </div>
  );
}
