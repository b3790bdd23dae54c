import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { useTranslation } from '../../lib/i18n';
import '../plain/plain.css';

export interface CenteredCardProps {
  /** The page's h1 and document title. */
  title: string;
  children: ReactNode;
  maxWidth?: number;
}

/**
 * Frame of the signed-out screens (Login, Signup, Authaction) and the legal gate. MUI-free, so the
 * login route loads no MUI (ADR 0064); MUI content inside it looks the same.
 */
export function CenteredCard({ title, children, maxWidth = 480 }: CenteredCardProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="mw-card-frame" style={{ maxWidth }}>
      <div className="mw-brand">
        <img src="/favicon.svg" alt="" />
        <div>
          <p className="mw-brand-name">{t('common.appName')}</p>
          <p className="mw-brand-tagline">{t('auth.tagline')}</p>
        </div>
      </div>
      <section className="mw-card">
        <h1>{title}</h1>
        {children}
      </section>
    </div>
  );
}
