import { useEffect, useRef, useState, type ComponentType } from 'react';

type DeferredHostProps = {
  /** Imports the host component (its own chunk). */
  load: () => Promise<ComponentType>;
  /** The window event that opens the host; raised again once the loaded host listens. */
  eventName: string;
  /** Load at once (the address asks for the host, e.g. `?signin=1`). */
  isNeededNow?: boolean;
  /** Load once the page has loaded and the browser is idle (default); else only when its event fires. */
  isLoadedWhenIdle?: boolean;
};

const IDLE_FALLBACK_MS = 1500;

function whenIdle(callback: () => void) {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_FALLBACK_MS * 2 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}

/**
 * An app-wide overlay host (the sign-in modal, the upgrade dialog) kept out of the first
 * download: its chunk loads once the page has loaded and the browser is idle (unless
 * `isLoadedWhenIdle` is false), or at once when its event fires first. An event raised before the host listens is raised again as soon as
 * it does, so nothing asked of it is lost.
 */
export function DeferredHost({ load, eventName, isNeededNow = false, isLoadedWhenIdle = true }: DeferredHostProps) {
  const [Host, setHost] = useState<ComponentType | null>(null);
  const pendingDetails = useRef<unknown[]>([]);
  const loadRef = useRef(load);

  useEffect(() => {
    if (Host) return;
    let isCancelled = false;
    let isStarted = false;
    const start = () => {
      if (isStarted) return;
      isStarted = true;
      void loadRef.current().then((component) => {
        if (!isCancelled) setHost(() => component);
      });
    };
    const onEvent = (event: Event) => {
      pendingDetails.current.push((event as CustomEvent<unknown>).detail);
      start();
    };
    window.addEventListener(eventName, onEvent);
    let cancelIdle: (() => void) | undefined;
    const onLoad = () => {
      cancelIdle = whenIdle(start);
    };
    if (isNeededNow) start();
    else if (isLoadedWhenIdle && document.readyState === 'complete') onLoad();
    else if (isLoadedWhenIdle) window.addEventListener('load', onLoad, { once: true });
    return () => {
      isCancelled = true;
      window.removeEventListener(eventName, onEvent);
      window.removeEventListener('load', onLoad);
      cancelIdle?.();
    };
  }, [Host, eventName, isNeededNow, isLoadedWhenIdle]);

  // Effects run child first: the host subscribed in its own effect before this one replays.
  useEffect(() => {
    if (!Host) return;
    const details = pendingDetails.current.splice(0);
    for (const detail of details) window.dispatchEvent(new CustomEvent(eventName, { detail }));
  }, [Host, eventName]);

  return Host ? <Host /> : null;
}
