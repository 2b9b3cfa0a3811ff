import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

export const router = createBrowserRouter(
  routes,
  // The server serves the console under /admin/; import.meta.env.BASE_URL is "/admin/".
  { basename: import.meta.env.BASE_URL.replace(/\/$/, '') || '/' },
);
