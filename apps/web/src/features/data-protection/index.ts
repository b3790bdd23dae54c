// The data-protection feature's public API (ADR 0051): the retention periods form of the administrators' area.
export { RetentionSettingsSection } from './components/retention-settings-section';
