// Text written into the pages' HTML (the page shells, the tiles the server writes into /web/home, the titles the build
// writes): escaped so that no text of the office's or of a user can become markup.

/** Text between tags. */
export const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A double-quoted attribute's value. */
export const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');
