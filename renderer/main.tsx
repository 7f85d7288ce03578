// The renderer's entry: connect to the bridge (Electron's preload or browser mode's
// socket), then show the library; if that fails, say why and what to do.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { openBridge } from './bridge/bridgeClient.ts';
import { App } from './App.tsx';
import { firstRowsOrTimeout, prepareLibrary } from './state/startup.ts';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

openBridge()
  .then(async (bridge) => {
    // The first page is asked for first and awaited beside app.info (state/startup.ts).
    const prepared = prepareLibrary(bridge);
    const [info] = await Promise.all([bridge.invoke('app.info'), firstRowsOrTimeout(prepared.library)]);
    const platform = info.ok ? info.value.platform : navigator.platform;
    root.render(
      <StrictMode>
        <App bridge={bridge} platform={platform} prepared={prepared} />
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
