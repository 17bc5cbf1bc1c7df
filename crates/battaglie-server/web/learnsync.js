// @ts-check
// The stars on the account, for a signed-in player: the browser's stars are sent
// (the account keeps the best of each stage, PUT /api/learn/progress) and the
// account's come back, so that a browser signed in gets the stars won in another.
// Without an account (or offline) the browser's own stars are all there is.

import { api, localBackend } from "./api.js";
import { current } from "./account.js";
import { keptStars, mergeStars } from "./learnprogress.js";

/**
 * Merges this browser's stars with the account's, both ways; answers whether it did
 * (false without an account, or when the site cannot be reached: the stars wait in the
 * browser for the next visit).
 * @returns {Promise<boolean>}
 */
export async function syncStars() {
  if (localBackend()) return false;
  try {
    if (!(await current())) return false;
    const account = await api("PUT", "/api/learn/progress", { stars: keptStars() });
    mergeStars(account.stars);
    return true;
  } catch {
    return false;
  }
}
