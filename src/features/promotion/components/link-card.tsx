import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { copyText, shareLink } from '#lib/clipboard';
import { absoluteLink } from '#lib/format';
import { toast } from '#lib/toast';
import { ClickIcon, CopyIcon, ShareIcon } from '#ui/icons';
import { QrCode } from '#ui/qr-code';
import './promotion.css';

interface LinkCardProps {
  name: string;
  icon: string;
  /** The same-origin `/s/<code>` path; empty while the link is under review. */
  link: string;
  clicks: number;
  appliedAt: number;
  extra?: ReactNode;
  /** The mini-game's id: the name then opens its details page. */
  detailId?: number;
}

/** One promotion link: the absolute URL, copy, share (falls back to copy), its QR code and click count. */
export function LinkCard({ name, icon, link, clicks, appliedAt, extra, detailId }: LinkCardProps) {
  const { t, i18n } = useLingui();
  const url = absoluteLink(link);

  const copy = async () => {
    if (await copyText(url)) toast.positive(t`Copied successfully`);
    else toast.negative(t`Could not copy. Please copy the link by hand.`);
  };
  const share = async () => {
    const outcome = await shareLink({ title: name, url });
    if (outcome === 'copied') toast.positive(t`Copied successfully`);
    if (outcome === 'failed') toast.negative(t`Could not copy. Please copy the link by hand.`);
  };

  return (
    <article className="link-card">
      <header className="link-card__head">
        <img className="link-card__icon" src={icon} alt="" width={44} height={44} loading="lazy" />
        <div className="link-card__title">
          <h2 className="link-card__name">
            {detailId === undefined ? (
              name
            ) : (
              <Link to="/GameDetail/$id" params={{ id: String(detailId) }} className="link-card__detail">
                {name}
              </Link>
            )}
          </h2>
          <p className="link-card__date">
            {t`Applied ${i18n.date(new Date(appliedAt), { dateStyle: 'medium' })}`}
          </p>
        </div>
        <p className="link-card__clicks" title={t`Clicks`}>
          <ClickIcon size={18} />
          <span className="tabular" data-testid="clicks">
            {i18n.number(clicks)}
          </span>
          <span className="visually-hidden">{t`clicks`}</span>
        </p>
        {extra}
      </header>
      {url ? (
        <div className="link-card__body">
          <QrCode value={url} size={96} label={t`QR code of the link for ${name}`} />
          <div className="link-card__link">
            <p className="link-card__url">{url}</p>
            <div className="link-card__buttons">
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
      ) : (
        <p className="link-card__review">{t`Your link is under review. It appears here once it is ready.`}</p>
      )}
    </article>
  );
}
