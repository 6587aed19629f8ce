// @ts-check
// The session of a page of another origin than its table server's: the
// bearer token the server gave it, kept per server (a page of the server's
// own origin has a cookie it never sees instead). No DOM here.

const SESSION = 'archipel.v1.session.';

/** The bearer token kept for `server`, or null.
 * @param {string} server @returns {string | null} */
export function bearerFor(server) {
  try {
    const token = localStorage.getItem(SESSION + server);
    return token && /^[A-Za-z0-9_-]{22}$/.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** @param {string} server @param {string | null} token */
export function keepBearer(server, token) {
  try {
    if (token) localStorage.setItem(SESSION + server, token);
    else localStorage.removeItem(SESSION + server);
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
}
