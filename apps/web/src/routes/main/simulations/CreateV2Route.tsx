import { CreateV2Screen } from '../../../features/create-v2/CreateV2Screen';

export default function CreateV2Route() {
  return <CreateV2Screen />;
}
