import { z } from 'zod';
import { POSTING_TYPES } from '../postings';

/**
 * Job widget (issue #13): an employer embeds its active postings on its own website with one
 * `<script>` tag. The data comes from a public, session-less, cross-origin readable endpoint.
 */
export const JOB_WIDGET_PATHS = {
  /** The company's visible postings (CORS `*`, cacheable 5 minutes, ETag). */
  data: '/rest/public/organizations/:organizationId/job-widget',
  /** The logo of the company or the first photo of one of its visible postings. */
  image: '/rest/public/organizations/:organizationId/job-widget/images/:photoId',
  /** The widget script, built from apps/web/src/widget (version in the path: the snippet never changes). */
  script: '/widget/v1.js',
  /** A page with only the widget, for an `<iframe>` on sites that allow no third-party scripts. */
  frame: '/widget/v1/frame/:organizationId',
} as const;

/** The two ways to embed the widget: the script (recommended) or an iframe. */
export const JOB_WIDGET_EMBEDS = ['script', 'iframe'] as const;
export type JobWidgetEmbed = (typeof JOB_WIDGET_EMBEDS)[number];

export const JOB_WIDGET_MESSAGES = {
  frameTitle: 'Offene Stellen',
  notFound:
    'Für dieses Unternehmen gibt es keine öffentliche Stellenliste. Es ist unbekannt, noch nicht freigeschaltet oder nicht aktiv.',
  imageNotFound: 'Das Bild wurde nicht gefunden.',
} as const;

export const jobWidgetParamsSchema = z.object({ organizationId: z.string().min(1).max(64) });
export const jobWidgetImageParamsSchema = jobWidgetParamsSchema.extend({ photoId: z.string().min(1).max(64) });

export const jobWidgetPostingSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(POSTING_TYPES),
  /** German label of the type (POSTING_TYPE_LABELS), so the widget needs no label table. */
  typeLabel: z.string(),
  /** Place of the posting (city). */
  city: z.string(),
  /** Start date `YYYY-MM-DD`, or null when open. */
  start: z.iso.date().nullable(),
  /** Absolute URL of the posting's first photo, or null. */
  imageUrl: z.url().nullable(),
  /** Absolute URL of the public posting page (publicPostingPath). */
  url: z.url(),
});
export type JobWidgetPosting = z.infer<typeof jobWidgetPostingSchema>;

export const jobWidgetResponseSchema = z.object({
  organization: z.object({
    name: z.string(),
    /** Absolute URL of the logo, or null. */
    logoUrl: z.url().nullable(),
  }),
  postings: z.array(jobWidgetPostingSchema),
});
export type JobWidgetResponse = z.infer<typeof jobWidgetResponseSchema>;

/** The HTML an employer pastes into its website (`appOrigin`: the app's public origin, e.g. https://matchwerk.example). */
export function jobWidgetSnippet(appOrigin: string, organizationId: string, embed: JobWidgetEmbed = 'script'): string {
  const origin = appOrigin.replace(/\/+$/, '');
  const id = encodeURIComponent(organizationId);
  if (embed === 'iframe') {
    const src = `${origin}${JOB_WIDGET_PATHS.frame.replace(':organizationId', id)}`;
    return `<iframe src="${src}" title="${JOB_WIDGET_MESSAGES.frameTitle}" loading="lazy" style="width:100%;height:640px;border:0"></iframe>`;
  }
  return `<script src="${origin}${JOB_WIDGET_PATHS.script}" data-organization="${id}" async></script>`;
}
