// First: asks for the first screen's data before the rest of the app is evaluated and rendered.
import './app/start-early-requests';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Render the shell synchronously, so that its keyboard shortcuts and live status are wired up by the time the
// page's load event fires.
const reactRoot = createRoot(root);
flushSync(() =>
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
