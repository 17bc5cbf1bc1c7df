// The notification form's logic: what it sends, what it refuses before
// sending (in the server's codes), the address's state, the failed deliveries.
import { test } from "node:test";
import assert from "node:assert/strict";
import { requestBody, fieldOf, confirmationState, failedDeliveries } from "../notifyprefs.js";

const blank = { email: "", mail: false, webhookUrl: "", webhook: false, format: "auto", your_turn: true, challenges: true, endings: true };

test("the form sends every preference, blank addresses as none", () => {
  const r = requestBody({ ...blank, email: "  kettle@example.org ", mail: true, endings: false });
  assert.deepEqual(r, {
    body: { email: "kettle@example.org", mail: true, webhook_url: null, webhook: false, webhook_format: "auto", your_turn: true, challenges: true, endings: false },
  });
  const hook = requestBody({ ...blank, webhookUrl: "https://discord.com/api/webhooks/1/x", webhook: true, format: "discord" });
  assert.ok("body" in hook);
  assert.equal(hook.body.webhook_url, "https://discord.com/api/webhooks/1/x");
  assert.equal(hook.body.webhook_format, "discord");
  assert.equal(hook.body.email, null);
  // An unknown format is never sent.
  const odd = requestBody({ ...blank, format: "teams" });
  assert.ok("body" in odd && odd.body.webhook_format === "auto");
});

test("a channel on without its address is refused before sending, as the server would", () => {
  assert.deepEqual(requestBody({ ...blank, mail: true }), {
    refusal: { field: "email", code: "channel_without_address", params: { channel: "mail" } },
  });
  assert.deepEqual(requestBody({ ...blank, webhook: true, webhookUrl: "   " }), {
    refusal: { field: "webhook_url", code: "channel_without_address", params: { channel: "webhook" } },
  });
});

test("an address or URL that does not read is refused with its code", () => {
  const bad = requestBody({ ...blank, email: "not an address" });
  assert.ok("refusal" in bad && bad.refusal.code === "email_invalid" && bad.refusal.params.email === "not an address");
  const long = requestBody({ ...blank, email: `${"a".repeat(250)}@example.org` });
  assert.ok("refusal" in long && long.refusal.code === "email_invalid");
  const url = requestBody({ ...blank, webhookUrl: "discord.com/hook" });
  assert.ok("refusal" in url && url.refusal.field === "webhook_url" && url.refusal.code === "webhook_url_invalid");
});

test("the server's refusals point at their field", () => {
  assert.equal(fieldOf("email_invalid"), "email");
  assert.equal(fieldOf("email_confirm_too_soon"), "email");
  assert.equal(fieldOf("webhook_url_invalid"), "webhook_url");
  assert.equal(fieldOf("channel_without_address", { channel: "webhook" }), "webhook_url");
  assert.equal(fieldOf("channel_without_address", { channel: "mail" }), "email");
  assert.equal(fieldOf("csrf"), null);
});

test("the address shows whether it is confirmed, and when the link may go again", () => {
  const answer = (email, confirmed, resend_in) => ({ preferences: { ...blank, email }, confirmation: { confirmed, sent_at: 1, resend_in }, recent: [] });
  assert.deepEqual(confirmationState(answer(null, false, 0)), { state: "none" });
  assert.deepEqual(confirmationState(answer("a@b.org", true, 0)), { state: "confirmed" });
  assert.deepEqual(confirmationState(answer("a@b.org", false, 0)), { state: "unconfirmed", minutes: 0 });
  assert.deepEqual(confirmationState(answer("a@b.org", false, 61)), { state: "unconfirmed", minutes: 2 });
});

test("only the deliveries that failed for good are listed", () => {
  const n = (state) => ({ channel: "mail", event: "your_turn", game: "g", subject: "s", state, attempts: 8, last_error: "e" });
  assert.deepEqual(failedDeliveries([n("sent"), n("failed"), n("pending"), n("cancelled"), n("failed")]).length, 2);
});
