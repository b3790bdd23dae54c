/** The rich-text module's public entry: sanitising and plain-text rendering of posting texts. */
export { htmlToPlainText, plainTextExcerpt, sanitizeRichText, withoutMarkup } from './rich-text';
