import { useEffect } from 'react';
import { titleWithUnread, useUnreadStore } from '../stores/unread-store';
import { useTranslation } from './i18n';

/** Sets the document title; new matchings and unread messages go in front as "(4) …" (ADR 0040). */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const unread = useUnreadStore((s) => s.total);
  useEffect(() => {
    document.title = titleWithUnread(t('common.pageTitle', { title }), unread);
  }, [t, title, unread]);
}
