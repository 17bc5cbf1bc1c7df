// @ts-check
// The notification preferences' logic, without the page: what the form sends
// to PUT /api/account/notifications (docs/api.md), what it refuses before
// sending (said with the server's own error codes, so in the same words), the
// address's confirmation state, and the deliveries that failed.

/** The webhook body formats the API takes. */
export const FORMATS = /** @type {const} */ (["auto", "discord", "slack"]);
/** The events, as the API names their switches. */
export const EVENTS = /** @type {const} */ (["your_turn", "challenges", "endings"]);

/** Longest address the server takes (RFC 5321's path limit). */
export const MAX_EMAIL = 254;

/**
 * @typedef {import("./types/NotificationSettings").NotificationSettings} Prefs the `preferences` object of the API
 * @typedef {import("./types/Notice").Notice} Notice one of the latest notices
 * @typedef {import("./types/Notifications").Notifications} Answer what GET and PUT answer
 *
 * @typedef {object} FormValues what the form's controls hold
 * @property {string} email
 * @property {boolean} mail
 * @property {string} webhookUrl
 * @property {boolean} webhook
 * @property {string} format
 * @property {boolean} your_turn
 * @property {boolean} challenges
 * @property {boolean} endings
 *
 * @typedef {object} Refusal what is wrong, as the server would say it
 * @property {"email" | "webhook_url"} field the control to fix
 * @property {import("./types/ErrorCode").ErrorCode["code"]} code the API's error code
 * @property {Record<string, string>} params
 */

// Roughly an address: something, one at sign, a host with a dot; no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The body to send for `v`, or what is wrong with it. Blank addresses are
 * none; a channel on needs its address. The server checks again (and more:
 * the webhook's host), this only spares a round trip for plain mistakes.
 * @param {FormValues} v
 * @returns {{body: Prefs} | {refusal: Refusal}}
 */
export function requestBody(v) {
  const email = v.email.trim();
  const url = v.webhookUrl.trim();
  if (email && (email.length > MAX_EMAIL || !EMAIL.test(email))) {
    return { refusal: { field: "email", code: "email_invalid", params: { email } } };
  }
  if (v.mail && !email) {
    return { refusal: { field: "email", code: "channel_without_address", params: { channel: "mail" } } };
  }
  if (url && !/^https?:\/\/[^\s/?#]+/i.test(url)) {
    return { refusal: { field: "webhook_url", code: "webhook_url_invalid", params: { url } } };
  }
  if (v.webhook && !url) {
    return { refusal: { field: "webhook_url", code: "channel_without_address", params: { channel: "webhook" } } };
  }
  const format = /** @type {Prefs["webhook_format"]} */ (FORMATS.includes(/** @type {any} */ (v.format)) ? v.format : "auto");
  return {
    body: {
      email: email || null,
      mail: v.mail,
      webhook_url: url || null,
      webhook: v.webhook,
      webhook_format: format,
      your_turn: v.your_turn,
      challenges: v.challenges,
      endings: v.endings,
    },
  };
}

/**
 * The field an error code of the server is about, to mark and focus it.
 * @param {string} code
 * @param {Record<string, string | number>} [params]
 * @returns {"email" | "webhook_url" | null}
 */
export function fieldOf(code, params = {}) {
  if (code === "email_invalid" || code.startsWith("email_confirm")) return "email";
  if (code === "webhook_url_invalid") return "webhook_url";
  if (code === "channel_without_address") return params.channel === "webhook" ? "webhook_url" : "email";
  return null;
}

/**
 * What the page says of the address: none, confirmed, or waiting for its
 * link (with the minutes until the link may be sent again, 0: now).
 * @param {Answer} answer
 * @returns {{state: "none"} | {state: "confirmed"} | {state: "unconfirmed", minutes: number}}
 */
export function confirmationState(answer) {
  if (!answer.preferences.email) return { state: "none" };
  if (answer.confirmation.confirmed) return { state: "confirmed" };
  return { state: "unconfirmed", minutes: Math.ceil(Math.max(0, answer.confirmation.resend_in) / 60) };
}

/**
 * The deliveries that failed for good, the newest first (as the API lists them).
 * @param {Notice[]} recent
 */
export function failedDeliveries(recent) {
  return recent.filter((n) => n.state === "failed");
}
