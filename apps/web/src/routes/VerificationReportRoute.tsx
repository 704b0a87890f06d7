import { VerificationReportScreen } from '../features/verification-report/VerificationReportScreen';

export default function VerificationReportRoute() {
  return <VerificationReportScreen />;
}
