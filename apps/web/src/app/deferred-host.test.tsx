import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredHost } from './deferred-host';

const EVENT = 'agentry:test-deferred-host';

function EchoHost() {
  const [messages, setMessages] = useState<string[]>([]);
  useEffect(() => {
    const listener = (event: Event) =>
      setMessages((current) => [...current, String((event as CustomEvent<string>).detail)]);
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, []);
  return <p>heard: {messages.join(', ')}</p>;
}

describe('DeferredHost', () => {
  it('loads the host on its first event and replays the events raised before it listened', async () => {
    let resolveLoad: (component: typeof EchoHost) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof EchoHost>((resolve) => (resolveLoad = resolve)));
    render(<DeferredHost load={load} eventName={EVENT} />);
    expect(screen.queryByText(/heard/)).not.toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new CustomEvent(EVENT, { detail: 'first' }));
      window.dispatchEvent(new CustomEvent(EVENT, { detail: 'second' }));
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => {
      resolveLoad(EchoHost);
      return Promise.resolve();
    });
    expect(await screen.findByText('heard: first, second')).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new CustomEvent(EVENT, { detail: 'third' }));
    });
    expect(screen.getByText('heard: first, second, third')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads at once when the address asks for the host', async () => {
    const load = vi.fn(() => Promise.resolve(EchoHost));
    render(<DeferredHost load={load} eventName={EVENT} isNeededNow />);
    expect(await screen.findByText(/heard/)).toBeInTheDocument();
  });

  it('otherwise loads once the page has loaded and the browser is idle', async () => {
    const load = vi.fn(() => Promise.resolve(EchoHost));
    render(<DeferredHost load={load} eventName={EVENT} />);
    // jsdom's document is complete: the idle callback (or its timer fallback) starts the load.
    expect(await screen.findByText(/heard/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a page that rarely needs it, loads only when its event fires', async () => {
    const load = vi.fn(() => Promise.resolve(EchoHost));
    render(<DeferredHost load={load} eventName={EVENT} isLoadedWhenIdle={false} />);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(load).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new CustomEvent(EVENT, { detail: 'asked' }));
    });
    expect(await screen.findByText('heard: asked')).toBeInTheDocument();
  });
});
