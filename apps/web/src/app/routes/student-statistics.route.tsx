import { StudentStatisticsScreen } from '../../features/student-statistics/components/student-statistics-screen';

export function Component() {
  return <StudentStatisticsScreen />;
}
