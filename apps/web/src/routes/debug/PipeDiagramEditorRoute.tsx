import { PlaceholderPage } from '../../components/ui/PlaceholderPage';

export default function PipeDiagramEditorRoute() {
  return <PlaceholderPage title="Pipe diagram editor" description="Playground for the pipe network diagram editor (nodes, pipes, pumps, reservoirs)." />;
}
