/**
 * Boot stage (main.tsx): MUI's styling engine (Emotion and the system), evaluated in a task of
 * its own before the theme is built. Named re-exports, so the bundle keeps only what is used.
 */
export { createTheme, responsiveFontSizes } from '@mui/material/styles';
