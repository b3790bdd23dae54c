import { RetentionSettingsSection } from '../../features/data-protection/components/retention-settings-section';
import { HelpScreen } from '../../features/help/components/help-screen';

export function Component() {
  return <HelpScreen retentionSettings={<RetentionSettingsSection />} />;
}
