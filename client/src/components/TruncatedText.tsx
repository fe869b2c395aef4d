import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { TypographyProps } from '@mui/material/Typography';
import { EMPTY_VALUE } from '@cryptovest/common';
import { useOverflowsX } from './useOverflowsX';

/** Props of TruncatedText. */
export interface TruncatedTextProps {
  text: string | null | undefined;
  /** Widest the text may be before it is cut with an ellipsis (px, or any CSS width). */
  maxWidth: number | string;
  variant?: TypographyProps['variant'];
  color?: string;
  fontWeight?: number;
}

/**
 * One line of text cut with an ellipsis at `maxWidth` (issue 14: a 62-character name pushed the
 * amount, status and edit button off-screen). Only when it is actually cut does it become
 * focusable and show the full text in a tooltip on hover and on keyboard focus; the whole text
 * stays in the page for screen readers and search either way.
 */
export function TruncatedText({ text, maxWidth, variant = 'body2', color, fontWeight }: TruncatedTextProps) {
  const [ref, cut] = useOverflowsX<HTMLSpanElement>();
  const shown = text || EMPTY_VALUE;
  const line = (
    <Box
      component="span"
      ref={ref}
      tabIndex={cut ? 0 : undefined}
      sx={(theme) => ({
        ...theme.typography[variant as 'body2'],
        display: 'block',
        maxWidth,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        color,
        fontWeight,
      })}
    >
      {shown}
    </Box>
  );
  // Always wrapped (no remount when the width changes); an empty title never opens.
  return (
    <Tooltip title={cut ? shown : ''} describeChild enterDelay={300}>
      {line}
    </Tooltip>
  );
}
