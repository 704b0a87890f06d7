import { PlaceholderPage } from '../../components/ui/PlaceholderPage';

export default function PolygonDesignerRoute() {
  return <PlaceholderPage title="Polygon cross-section designer" description="Playground for the polygon cross-section designer used for weld joints and ridges." />;
}
