import { Outlet } from 'react-router';
import { ScrollManager } from './ScrollManager';

/** Root route element: scroll handling for every page, then the matched layout. */
export function AppRoot() {
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}
