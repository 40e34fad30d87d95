// Shared helpers of the Tongiaki browser client: JSON calls to the server's HTTP API.
import { currentLanguage } from "/static/i18n.js";

/** An error answer of the API: its HTTP status, message, (for illegal actions) clause id and
 * (for refusals a player meets) reason: errors.js words it for the player. */
export class ApiError extends Error {
  constructor(status, detail, clause, reason) {
    super(detail);
    this.status = status;
    this.clause = clause ?? null;
    this.reason = reason ?? null;
  }
}

/** Calls the API; resolves to the parsed JSON body, rejects with an ApiError. */
export async function api(method, path, { body, token } = {}) {
  // the narration and the board come in the page's language (issue 31)
  const headers = { Accept: "application/json", "Accept-Language": currentLanguage() };
  const changing = method !== "GET" && method !== "HEAD";
  // the server takes a change only as JSON: a cross-site no-cors request cannot send it
  if (changing) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: changing ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (err) {
    throw new ApiError(0, err.message);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, describeDetail(data, response), data?.clause, data?.reason);
  }
  return data;
}

function describeDetail(data, response) {
  const detail = data?.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    // FastAPI validation errors: [{loc: [...], msg: "..."}]
    return detail
      .map((d) => (d && d.msg ? `${(d.loc ?? []).join(".")}: ${d.msg}` : JSON.stringify(d)))
      .join("; ");
  }
  return `${response.status} ${response.statusText}`.trim();
}

/** Shows a message (an error by default) in the page's message line. */
export function showMessage(text, kind = "error") {
  const line = document.getElementById("message");
  if (!line) return;
  delete line.dataset.reach;
  line.textContent = text;
  line.dataset.kind = text ? kind : "";
}

/** The localStorage key that keeps the token of one seat of a game. */
export function tokenKey(gameId, seat) {
  return `tongiaki:${gameId}:${seat}`;
}

/** Keeps the token of ``seat`` in ``gameId`` in this browser. */
export function saveSeat(gameId, seat, token) {
  localStorage.setItem(tokenKey(gameId, seat), token);
}

/** Forgets the token of ``seat`` in ``gameId``. */
export function forgetSeat(gameId, seat) {
  localStorage.removeItem(tokenKey(gameId, seat));
}

/** The seats of ``gameId`` this browser holds a token for: [[seat, token], ...]. */
export function heldSeats(gameId) {
  const held = [];
  for (let seat = 0; seat < 6; seat++) {
    const token = localStorage.getItem(tokenKey(gameId, seat));
    if (token) held.push([seat, token]);
  }
  return held;
}

/** The invitation codes of an unlisted game this browser created: {seat: code}. */
export function invitesOf(gameId) {
  try {
    return JSON.parse(localStorage.getItem(`tongiaki:${gameId}:invites`) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

/** Keeps the invitation codes of an unlisted game (the creator hands them out). */
export function saveInvites(gameId, invites) {
  localStorage.setItem(`tongiaki:${gameId}:invites`, JSON.stringify(invites));
}

/** The link that lets a friend claim ``seat`` of an unlisted game with its code. */
export function inviteLink(gameId, seat, code) {
  const hash = new URLSearchParams({ seat: String(seat), invite: code });
  return `${location.origin}/games/${encodeURIComponent(gameId)}#${hash}`;
}

/** Makes an element with attributes and children (strings become text). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "className") node.className = value;
    // through the CSSOM: the Content-Security-Policy refuses style attributes
    else if (key === "style") node.style.cssText = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}
