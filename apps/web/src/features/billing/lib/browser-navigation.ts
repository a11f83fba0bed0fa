/** Leaving the app for a provider page (checkout, portal). One place, so tests can stand in for it. */
export function assignLocation(url: string) {
  window.location.assign(url);
}

/** Opens a url in a new tab; when the browser blocks the tab, the current one goes instead. */
export function openInNewTab(url: string) {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else assignLocation(url);
}
