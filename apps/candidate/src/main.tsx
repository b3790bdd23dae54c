import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadSession, watchConsent } from './lib/session';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

void loadSession();
watchConsent();
registerServiceWorker();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
