import { createTheme, responsiveFontSizes } from '@mui/material/styles';
import { themeOptions } from './themeOptions';

/**
 * The app's MUI theme: `themeOptions` (light and dark colour schemes as CSS variables, switched
 * by a class on <html>) built by MUI's own `createTheme`, with headings that scale down on phones.
 */
export const theme = responsiveFontSizes(createTheme(themeOptions));
