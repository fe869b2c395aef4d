/**
 * Boot stage (main.tsx): react-router, evaluated in a task of its own before the routes and
 * their layouts. Named re-exports, so the bundle keeps only what is used.
 */
export { createBrowserRouter } from 'react-router';
