import { useTheme } from '@mui/material/styles';

/** Props of Sparkline. */
export interface SparklineProps {
  /** Prices, oldest first (Decimal strings). */
  points: string[];
  /** Accessible description, e.g. "bitcoin over 7 days: up from $1 to $2". */
  label: string;
  width?: number;
  height?: number;
}

/** A tiny inline SVG line chart; green when the series ends higher, red when lower. */
export function Sparkline({ points, label, width = 140, height = 40 }: SparklineProps) {
  const theme = useTheme();
  const values = points.map(Number).filter(Number.isFinite);
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const range = Math.max(...values) - min || 1;
  const step = width / (values.length - 1);
  const path = values
    .map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - ((v - min) / range) * (height - 4)).toFixed(1)}`)
    .join(' ');
  const up = values[values.length - 1] >= values[0];
  const color = (theme.vars ?? theme).palette[up ? 'success' : 'error'].main;
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <polyline points={path} fill="none" stroke={color} strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  );
}
