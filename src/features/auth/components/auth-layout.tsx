import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { openSupport } from '#lib/support';
import { BrandMark } from '#ui/brand-mark';
import { SupportIcon } from '#ui/icons';
import { LocalePicker } from '#ui/locale-picker';
import './auth.css';

export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-page">
      <header className="auth-page__top">
        <LocalePicker compact />
        <button type="button" className="link-button auth-page__support" onClick={openSupport}>
          <SupportIcon size={20} />
          <Trans>Customer service</Trans>
        </button>
      </header>
      <main className="auth-page__main" id="main">
        <div className="auth-page__brand">
          <BrandMark />
          <h1 className="auth-page__title">{title}</h1>
          {subtitle ? <p className="auth-page__subtitle">{subtitle}</p> : null}
        </div>
        {children}
        {footer ? <div className="auth-page__footer">{footer}</div> : null}
      </main>
    </div>
  );
}
