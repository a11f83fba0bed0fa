import { createRoot } from 'react-dom/client';
import '@agentry/widget-ui/widget.css';
import { resolveParentOrigin } from './parent-origin';
import { readHostState } from './host-state';
import { readWidgetConfig } from './read-widget-config';
import { WidgetApp } from './widget-app';
import { browserStorage } from './widget-storage';

/**
 * The iframe app at /widget/:widgetId. The server inlines the settings as
 * <script id="agentry-widget-config" type="application/json">; the loader adds ?parentOrigin=
 * (the embedding page's origin), ?vw=&vh= (its viewport, for the 1024 px mobile rule), optionally ?mode=,
 * and #host= (what it keeps for the widget in the host page's own storage).
 */
function start() {
  const config = readWidgetConfig(document);
  if (!config) return;
  // The block's page is the block: no margins, full height (for 'fill the container').
  if (config.isBlock) document.documentElement.classList.add('aw-block-page');
  const params = new URLSearchParams(window.location.search);
  const parentOrigin = resolveParentOrigin({
    queryOrigin: params.get('parentOrigin'),
    ancestorOrigin: window.location.ancestorOrigins?.[0] ?? null,
    referrer: document.referrer,
  });
  const storage = browserStorage();
  const viewportWidth = Number(params.get('vw'));
  const viewportHeight = Number(params.get('vh'));
  let mount = document.getElementById('root') ?? document.getElementById('agentry-widget-root');
  if (!mount) {
    mount = document.createElement('div');
    mount.id = 'agentry-widget-root';
    document.body.appendChild(mount);
  }
  createRoot(mount).render(
    <WidgetApp
      config={config}
      parentOrigin={parentOrigin}
      mode={params.get('mode')}
      storage={storage}
      isStorageKept={storage !== null}
      hostState={readHostState(window.location.hash)}
      parentViewport={
        viewportWidth > 0
          ? { width: viewportWidth, height: viewportHeight > 0 ? viewportHeight : window.screen.height }
          : null
      }
    />,
  );
}

start();
