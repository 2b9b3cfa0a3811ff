import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
// antd's own reset (its docs' set-up, ADR 233): without it a bare heading keeps the browser's
// margin-top (1.33em, 27 px above "Dashboard") and paragraphs their top margin.
import 'antd/dist/reset.css';
import './app/console.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
