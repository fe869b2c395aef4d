import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { PublicNav } from './PublicNav';
import { SkipLink } from './SkipLink';

/**
 * Shell of the public and guest pages: skip link, top nav, content, footer (SPEC §2). Renders
 * `children` when given (a guard showing the login page in place), else the matched route.
 * No Suspense boundary here: server-rendered pages must hydrate in one pass (see routes.tsx).
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <PublicNav />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {children ?? <Outlet />}
      </Box>
      <Footer />
    </Box>
  );
}
