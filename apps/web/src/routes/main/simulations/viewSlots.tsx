// What the simulation view screen shows of other features.
import { lazy } from 'react';
import { CompareRunsButton, CompareWithButton } from '../../../features/compare/CompareRunsButton';
import { UnitSystemSwitch } from '../../../features/create-v2/UnitSystemSwitch';
import { ExportMenu } from '../../../features/exports/ExportMenu';
import { FamilyResultsView } from '../../../features/families/FamilyResultsView';
import { claimsOf } from '../../../features/families/manifest';
import { LiveResidualPlot } from '../../../features/families/shared/residuals/LiveResidualPlot';
import type { SimulationSlots } from '../../../features/simulations/slots';
import { VerificationReportLink } from '../../../features/verification-report/VerificationReportLink';

// The network view and the 3-D part view bring their drawing libraries: loaded only when shown.
const NetworkResultsView = lazy(() => import('../../../features/network-view/NetworkResultsView'));
const PartView3D = lazy(() => import('../../../features/part-view/PartView3D'));

export const viewSlots: Partial<SimulationSlots> = {
  ExportMenu,
  CompareWithButton,
  CompareRunsButton,
  VerificationReportLink,
  UnitSystemSwitch,
  NetworkResultsView,
  PartView3D,
  LiveResidualPlot,
  familyResults: { View: FamilyResultsView, claimsOf },
};
