import Box from '@mui/material/Box';

/** Theme colours as CSS variables, so the drawing follows the light and dark schemes. */
const accent = 'var(--mui-palette-secondary-main)';
const ink = 'var(--mui-palette-text-secondary)';
const grid = 'var(--mui-palette-divider)';

/**
 * Decorative 404 illustration (original artwork): a rising price line that trails off into a
 * dashed path and a question mark, i.e. "this route goes nowhere". Hidden from assistive tech.
 */
export function LostChart() {
  return (
    <Box
      component="svg"
      viewBox="0 0 240 150"
      aria-hidden
      focusable="false"
      sx={{ width: { xs: 220, sm: 260 }, height: 'auto', display: 'block', mx: 'auto', mb: 3 }}
    >
      {[30, 60, 90, 120].map((y) => (
        <line key={y} x1="16" x2="224" y1={y} y2={y} style={{ stroke: grid }} strokeWidth="1" />
      ))}
      <polyline
        points="20,118 52,96 80,104 112,70 140,78"
        fill="none"
        style={{ stroke: accent }}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M140 78 C160 84 166 40 186 48"
        fill="none"
        style={{ stroke: ink }}
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="2 8"
      />
      <circle cx="200" cy="42" r="16" fill="none" style={{ stroke: accent }} strokeWidth="3" />
      <path
        d="M194 37a6 6 0 1 1 8 5.6c-1.4.6-2 1.6-2 3v1.4"
        fill="none"
        style={{ stroke: accent }}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="200" cy="52.5" r="2" style={{ fill: accent }} />
      {[20, 52, 80, 112, 140].map((x, i) => (
        <rect
          key={x}
          x={x - 6}
          y={132 - (i % 2 ? 10 : 16)}
          width="12"
          height={i % 2 ? 10 : 16}
          rx="2"
          style={{ fill: grid }}
        />
      ))}
    </Box>
  );
}
