/**
 * What a tap hands to the browser itself: the clipboard, and addresses outside the site.
 */

/**
 * Puts `text` on the clipboard; false when the browser refuses (no permission, no secure context).
 * Call it from the tap's own handler: browsers allow it only on a user gesture.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

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
