import { useEffect, useLayoutEffect } from 'react';
import { useRouteError } from '../lib/router';
import { PlainAlert } from '../components/plain/plain-alert';
import { PlainButton } from '../components/plain/plain-button';
import { PlainFrame } from '../components/plain/plain-frame';
import { useDocumentTitle } from '../lib/document-title';
import { useTranslation } from '../lib/i18n';
import { dismissLoginPrerender } from '../lib/login-prerender';

/**
 * Last line of defence: a render error or a failed lazy chunk (e.g. after a deploy). Plain, with
 * nothing to load: it must show when loading the app's other chunks is what failed (ADR 0064).
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t('feedback.errorTitle'));
  useLayoutEffect(dismissLoginPrerender, []);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <PlainFrame>
      <div className="mw-card-frame" style={{ maxWidth: 640 }}>
        <h1>{t('feedback.errorTitle')}</h1>
        <PlainAlert severity="error" spaced>
          {t('feedback.appCrashed')}
        </PlainAlert>
        <PlainButton variant="contained" onClick={() => window.location.reload()}>
          {t('feedback.reload')}
        </PlainButton>
      </div>
    </PlainFrame>
  );
}
