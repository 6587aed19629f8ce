// @ts-check
// A finished game shared as a link that carries it: its record's text,
// compressed (deflate, raw) and written in base64url, in the fragment
// `#review=<record>`; a static host needs nothing, and the fragment never
// reaches any server. A table server's finished game is shared by its own
// link instead (`#review=online&server=…&table=…&number=…&key=…`): the page
// asks that server for the record.
//
// Only a finished game is shared: its record holds the seed that dealt it.

import { MAX_RECORD_TEXT } from './limits.js';

const FORMAT = 'deflate-raw';

/** @param {Uint8Array} bytes */
function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** @param {string} text */
function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** All of a stream's bytes, refused past `limit` (a link cannot unpack
 * into more than a saved game may hold).
 * @param {ReadableStream<Uint8Array>} stream @param {number} limit */
async function readAll(stream, limit) {
  const reader = stream.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error('too long');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The text a record is written as in a link. @param {any} record @returns {Promise<string>} */
export async function encodeRecord(record) {
  const text = typeof record === 'string' ? record : JSON.stringify(record);
  const packed = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream(FORMAT));
  return toBase64Url(await readAll(packed, MAX_RECORD_TEXT));
}

/** The record a link's text carries, as a saved game's text (the engine
 * checks it as any loaded game). A text that is no packed record is
 * refused with the page's words. @param {string} text @returns {Promise<string>} */
export async function decodeRecord(text) {
  try {
    const bytes = fromBase64Url(text);
    const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream(FORMAT));
    return new TextDecoder('utf-8', { fatal: true }).decode(await readAll(unpacked, MAX_RECORD_TEXT));
  } catch {
    throw { key: 'error.bad_share_link', message: 'this link carries no game', params: {} };
  }
}

/** The page's address with a fragment that opens `record` in the review.
 * @param {any} record @param {string} [base] the page's address (by default this one's, without its fragment) */
export async function shareLink(record, base = location.href.replace(/#.*$/, '')) {
  return `${base}#review=${await encodeRecord(record)}`;
}

/** The link to a table server's finished game (`server` its address,
 * `key` the review key it gave with the record).
 * @param {{server: string, table: string, number: number, key: string}} game @param {string} [base] */
export function onlineShareLink({ server, table, number, key }, base = location.href.replace(/#.*$/, '')) {
  const params = new URLSearchParams({ review: 'online', server, table, number: String(number), key });
  return `${base}#${params.toString()}`;
}
