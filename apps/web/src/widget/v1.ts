/**
 * Entry of /widget/v1.js, the script employers paste into their websites:
 *   <script src="https://<app>/widget/v1.js" data-organization="<id>" async></script>
 * It renders the widget right where its script tag stands. The data comes from the origin the
 * script was loaded from, so the snippet works for every installation of Matchwerk.
 */
import { mountJobWidget } from './job-widget';

const MOUNTED = 'data-matchwerk-mounted';

function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && !current.hasAttribute(MOUNTED)) return current;
  // Without currentScript (some tag managers): the first snippet not mounted yet.
  return document.querySelector<HTMLScriptElement>(`script[data-organization][src*="/widget/v1.js"]:not([${MOUNTED}])`);
}

const script = ownScript();
const organizationId = script?.dataset.organization;
if (script && organizationId) {
  script.setAttribute(MOUNTED, '');
  const host = document.createElement('div');
  host.className = 'matchwerk-job-widget';
  script.before(host);
  void mountJobWidget(host, {
    organizationId,
    apiOrigin: new URL(script.src, document.baseURI).origin,
    headingLevel: Number(script.dataset.headingLevel ?? 2),
  });
}
