import { CompareScreen } from '../../../features/compare/CompareScreen';

export default function CompareRoute() {
  return <CompareScreen />;
}
