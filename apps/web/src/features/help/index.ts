// The help feature's public API (ADR 0051): what the administrators' area (ADR 0120) shows of it —
// the feedback inbox with its count of new items, and the answer deadlines per region.
export { useNewFeedbackCount } from './api/feedback-api';
export { FeedbackAdmin } from './components/feedback-admin';
export { ResponseDeadlinesSection } from './components/response-deadlines-section';
