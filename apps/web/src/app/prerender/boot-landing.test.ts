import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootLanding } from './boot-landing';

const options = {
  containerId: 'landing-prerender',
  entry: '/assets/index-abc.js',
  preloads: ['/assets/react-dom-abc.js', '/assets/landing-page-abc.js'],
};

function appScripts() {
  return [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src'));
}

function preloads() {
  return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
}

describe('bootLanding', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<div id="landing-prerender"><div><header><a href="/#pricing">Pricing</a>' +
      '<div><button type="button">Sign in</button></div></header></div></div><div id="root"></div>';
  });
  afterEach(() => {
    // A boot left waiting by a test starts (and stops listening) here, before the next test.
    window.dispatchEvent(new Event('pointerdown'));
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('loads nothing while the visitor only looks at the page', () => {
    bootLanding(options);
    expect(appScripts()).toEqual([]);
    expect(preloads()).toEqual([]);
  });

  it('starts the app, with its landing chunks preloaded, on the first interaction, once', () => {
    bootLanding(options);
    window.dispatchEvent(new Event('pointermove'));
    window.dispatchEvent(new Event('keydown'));
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
    expect(preloads()).toEqual(options.preloads);
  });

  it('starts the app at once when the address asks for something (?signin=1)', () => {
    window.history.replaceState(null, '', '/?signin=1');
    bootLanding(options);
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('waits for the visitor when the address only carries campaign tags', () => {
    window.history.replaceState(null, '', '/?utm_source=newsletter&utm_campaign=spring&gclid=abc');
    bootLanding(options);
    expect(appScripts()).toEqual([]);
  });

  it("remembers which of the copy's buttons was clicked and starts the app", () => {
    bootLanding(options);
    const signIn = document.querySelector('button');
    if (!signIn) throw new Error('no button');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    signIn.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(document.getElementById('landing-prerender')?.getAttribute('data-pending-click')).toBe('0.1.0');
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
  });

  it('leaves links to the browser', () => {
    bootLanding(options);
    const link = document.querySelector('a');
    if (!link) throw new Error('no link');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.addEventListener('click', (event) => event.preventDefault());
    link.dispatchEvent(click);
    expect(document.getElementById('landing-prerender')?.hasAttribute('data-pending-click')).toBe(false);
  });

  it('runs from its own source text, as the build inlines it', () => {
    // Nothing from outside the function may be referenced: the build inlines `bootLanding.toString()`.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the build inlines this very source text
    const inlined = new Function('options', `(${bootLanding.toString()})(options);`) as (value: typeof options) => void;
    inlined(options);
    window.dispatchEvent(new Event('touchstart'));
    expect(appScripts()).toEqual(['/assets/index-abc.js']);
  });
});
