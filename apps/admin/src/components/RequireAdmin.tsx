import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSignedIn } from '../lib/api.ts';

/** Without an operator token every console page sends to /login and comes back afterwards. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!isSignedIn()) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}
