import { AccessibilityStatementScreen } from '../../features/help/components/accessibility-statement-screen';

export function Component() {
  return <AccessibilityStatementScreen />;
}
