// The renderer's entry: connect to the bridge (Electron's preload or browser mode's
// socket), then show the library; if that fails, say why and what to do.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openBridge } from './bridge/bridgeClient.ts';
import { App } from './App.tsx';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

openBridge()
  .then(async (bridge) => {
    const info = await bridge.invoke('app.info');
    const platform = info.ok ? info.value.platform : navigator.platform;
    root.render(
      <StrictMode>
        <App bridge={bridge} platform={platform} />
      </StrictMode>,
    );
  })
  .catch((error: Error) => {
    root.render(
      <div className="fatal" role="alert">
        <h1>RefShelf cannot reach its core</h1>
        <p>{error.message}</p>
      </div>,
    );
  });
