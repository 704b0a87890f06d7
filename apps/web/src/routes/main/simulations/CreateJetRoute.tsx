import { PlaceholderPage } from '../../../components/ui/PlaceholderPage';

export default function CreateJetRoute() {
  return <PlaceholderPage title="Create jet simulation" description="Set up an impinging-jet simulation on a surface or a ridge, with or without particles." />;
}
