/**
 * Opens an address outside the site in a new tab. With "noopener" window.open returns null even
 * when it worked, so only a throw (some in-app browsers) sends the page there instead.
 */
export function openExternal(url: string): void {
  try {
    window.open(url, '_blank', 'noopener,noreferrer');
  } catch {
    window.location.assign(url);
  }
}
