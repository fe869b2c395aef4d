/** The snapshot of the app's theme, taken at build time (build/themeSnapshot.ts). */
declare module 'virtual:theme-snapshot' {
  const snapshot: import('./app/themeSnapshot').ThemeSnapshot;
  export default snapshot;
}
