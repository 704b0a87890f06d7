// An analysed picture before it is used: the detected outline drawn over the picture, the suggested
// welding joint type with its confidence, the size at the scale (asked for when the analysis had
// none), and accept / cancel. The assistant's answers and the designers' "Import from image" show
// this same step; accepting hands over the designer's format (metres), nothing is saved yet.
import { useState } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { ImageAnalysisResponse } from '@simforge/contracts';
import type { CrossSectionData } from '../cross-section-designer';
import { formatNumber } from '../../lib/displayUnits';
import { importFromAnalysis, svgPath, type ImageImportTarget } from './imageOutline';

/** Without a scale from the request, the outline is read at 10 px per mm until the user says otherwise. */
export const DEFAULT_PX_PER_MM = '10';

export interface ImageAnalysisPreviewProps {
  analysis: ImageAnalysisResponse;
  /** The analysed picture (a data URL), drawn under the outline. */
  picture?: string | undefined;
  target?: ImageImportTarget;
  acceptLabel: string;
  onAccept(data: CrossSectionData): void;
  onCancel?: (() => void) | undefined;
  /** Height of the drawing, px. */
  height?: number;
}

function OutlineOverPicture({ analysis, picture, height }: { analysis: ImageAnalysisResponse; picture: string | undefined; height: number }) {
  const { width, height: imageHeight } = analysis.image;
  return (
    <Box component="svg" role="img" aria-label="Outline preview" viewBox={`0 0 ${width} ${imageHeight}`} sx={{ width: '100%', maxHeight: height, bgcolor: 'grey.100', borderRadius: 1 }}>
      {picture ? <image href={picture} x={0} y={0} width={width} height={imageHeight} opacity={0.6} preserveAspectRatio="none" /> : null}
      {analysis.parts.map((part, i) => (
        <path key={i} data-testid="outline-part" d={[svgPath(part.outline), ...part.holes.map(svgPath)].join(' ')} fill="rgba(25,118,210,0.25)" fillRule="evenodd" stroke="#1976d2" strokeWidth={Math.max(1, width / 300)} />
      ))}
    </Box>
  );
}

export function jointSummary(joint: ImageAnalysisResponse['joint']): string {
  const percent = `${Math.round(joint.confidence * 100)} %`;
  if (joint.type === 'unknown') {
    const closest = joint.candidates[0];
    return `Joint type not recognised${closest ? ` (closest: ${closest.label}, confidence ${percent})` : ''}`;
  }
  return `Suggested joint type: ${joint.label} (${joint.type}), confidence ${percent}`;
}

export function ImageAnalysisPreview({ analysis, picture, target = 'cross-section', acceptLabel, onAccept, onCancel, height = 160 }: ImageAnalysisPreviewProps) {
  const [typedScale, setTypedScale] = useState(DEFAULT_PX_PER_MM);
  const scale = analysis.px_per_mm ?? Number(typedScale);
  const scaled = Number.isFinite(scale) && scale > 0;
  const { width, height: tall } = analysis.bounds_px;
  const others = analysis.parts.length - 1;

  return (
    <Stack spacing={1}>
      <OutlineOverPicture analysis={analysis} picture={picture} height={height} />
      <Typography variant="body2" data-testid="image-joint">
        {jointSummary(analysis.joint)}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="image-size">
        {analysis.parts.length === 1 ? 'One part' : `${analysis.parts.length} parts`}, {formatNumber(width)} × {formatNumber(tall)} px
        {scaled ? ` = ${formatNumber(width / scale, 4)} × ${formatNumber(tall / scale, 4)} mm at ${formatNumber(scale, 4)} px/mm` : ''}
      </Typography>
      {target === 'ridge' ? (
        <Alert severity="info" data-testid="image-ridge-note">
          A ridge is one outline, mirrored about the jet axis (s = 0): the largest part becomes the ridge, its left edge on the axis and its base on the plate (z = 0)
          {others > 0 ? `; ${others === 1 ? 'the other part is' : `the ${others} other parts are`} left out` : ''}. For a symmetric ridge, trim it to its half in the designer. The
          joint type does not apply to a ridge.
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        {analysis.px_per_mm ? null : (
          <TextField
            size="small"
            label="Scale (px per mm)"
            value={typedScale}
            onChange={(e) => setTypedScale(e.target.value)}
            error={!scaled}
            sx={{ width: 150 }}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        )}
        <Box sx={{ flexGrow: 1 }} />
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        <Button variant={onCancel ? 'contained' : 'outlined'} size={onCancel ? 'medium' : 'small'} disabled={!scaled} onClick={() => onAccept(importFromAnalysis(analysis, scale, target))}>
          {acceptLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
