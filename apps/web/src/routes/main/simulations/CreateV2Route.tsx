import { CreateV2Screen } from '../../../features/simulations/CreateV2Screen';

export default function CreateV2Route() {
  return <CreateV2Screen />;
}
