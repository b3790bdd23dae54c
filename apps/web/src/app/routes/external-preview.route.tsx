import '../../lib/locales/register-preview-texts';
import { regionFromSlug } from '@matchwerk/shared';
import { useLocation, useParams } from '../../lib/router';
import { PreviewListScreen } from '../../features/public-preview/components/preview-list-screen';
import { PreviewPostingScreen } from '../../features/public-preview/components/preview-posting-screen';
import { PreviewRegionNotFound } from '../../features/public-preview/components/preview-region-not-found';
import { previewSlugOf } from '../../features/public-preview/lib/preview-filters';

/** ExternalPreview (spec §2, no login): `/vorschau-<region>` and `/vorschau-<region>/stelle/<id>`; an unknown region → not found. */
export function Component() {
  const { pathname } = useLocation();
  const { id } = useParams();
  const region = regionFromSlug(previewSlugOf(pathname) ?? '');
  if (!region) return <PreviewRegionNotFound />;
  return id ? <PreviewPostingScreen region={region} id={id} /> : <PreviewListScreen region={region} />;
}
