import { createTheme, keyframes } from '@mui/material/styles';

// One light theme with the named colours of spec section 9. Values: a calm engineering blue for
// primary, slate for secondary, a signal amber as accent (highlights, "run" affordances), the usual
// semantic colours, a cool grey page background and white surfaces for cards.
declare module '@mui/material/styles' {
  interface Palette {
    accent: Palette['primary'];
    surface: { main: string; raised: string; border: string };
  }
  interface PaletteOptions {
    accent?: PaletteOptions['primary'];
    surface?: { main: string; raised: string; border: string };
  }
}

declare module '@mui/material/Button' {
  interface ButtonPropsColorOverrides {
    accent: true;
  }
}

export const colours = {
  primary: '#1d4f91',
  secondary: '#4a5d73',
  accent: '#f29f05',
  error: '#c62828',
  warning: '#ed6c02',
  info: '#0277bd',
  success: '#2e7d32',
  background: '#f3f5f8',
  surface: '#ffffff',
} as const;


// The waiting animations move only by transform, which the browser's compositor plays without the
// page: MUI's indeterminate bars move their `left` and `right` and its spinner redraws the circle's
// dashes, which laid out and painted the whole page 60 times a second while a run was queued or
// running (a view page used half a core of the engineer's machine for nothing). The bars' motion
// is MUI's (each edge's path and timing the same), drawn as a shift and a stretch of a full-width bar.
const indeterminateBar1 = keyframes`
  0% { transform: translateX(-35%) scaleX(0.35); }
  60% { transform: translateX(100%) scaleX(0.9); }
  100% { transform: translateX(100%) scaleX(0.9); }
`;
const indeterminateBar2 = keyframes`
  0% { transform: translateX(-200%) scaleX(2); }
  60% { transform: translateX(107%) scaleX(0.01); }
  100% { transform: translateX(107%) scaleX(0.01); }
`;
const movingBar = (variant: string | undefined, animation: string) =>
  variant === 'indeterminate' || variant === 'query' ? { width: '100%', left: 0, right: 'auto', transformOrigin: 'left', animation } : {};
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: colours.primary },
    secondary: { main: colours.secondary },
    accent: { main: colours.accent, contrastText: '#1f1300' },
    error: { main: colours.error },
    warning: { main: colours.warning },
    info: { main: colours.info },
    success: { main: colours.success },
    background: { default: colours.background, paper: colours.surface },
    surface: { main: colours.surface, raised: '#f8fafc', border: '#dde3ea' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", "Roboto", "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.35rem', fontWeight: 600 },
    h3: { fontSize: '1.1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCircularProgress: { defaultProps: { disableShrink: true } },
    MuiLinearProgress: {
      styleOverrides: {
        bar1: ({ ownerState }) => movingBar(ownerState.variant, `${indeterminateBar1} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`),
        bar2: ({ ownerState }) => movingBar(ownerState.variant, `${indeterminateBar2} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite`),
      },
    },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: {
        root: ({ theme: t }) => ({ backgroundColor: t.palette.surface.main, borderColor: t.palette.surface.border }),
      },
    },
    MuiPaper: { styleOverrides: { outlined: ({ theme: t }) => ({ borderColor: t.palette.surface.border }) } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
