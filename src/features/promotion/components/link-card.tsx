import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { absoluteLink } from '#lib/format';
import { ClickIcon } from '#ui/icons';
import { ShareLink } from '#ui/share-link';
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

  return (
    <article className="link-card">
      <header className="link-card__head">
        <img className="link-card__icon" src={icon} alt="" width={44} height={44} loading="lazy" />
        <div className="link-card__title">
          <h2 className="link-card__name">
            {detailId === undefined ? (
              name
            ) : (
              <Link to="/GameDetail/$id" params={{ id: detailId }} className="link-card__detail">
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
        <ShareLink url={url} title={name} qrLabel={t`QR code of the link for ${name}`} qrSize={96} />
      ) : (
        <p className="link-card__review">{t`Your link is under review. It appears here once it is ready.`}</p>
      )}
    </article>
  );
}
