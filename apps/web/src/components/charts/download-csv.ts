/** Saves text the app made (CSV exports) as a file through a temporary link. */
import { CSV_MIME_TYPE } from '@matchwerk/shared';

export function downloadTextFile(fileName: string, content: string, mimeType: string = CSV_MIME_TYPE): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: Chromium reads the blob after the click returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
