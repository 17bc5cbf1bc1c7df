// @ts-check
// The account panel's notification settings (GET/PUT /api/account/notifications):
// the e-mail address and whether to mail it, with its confirmation state and
// a "send the link again"; the webhook's URL, on/off and format; which events;
// and the deliveries that failed. Every control has its label; refusals are
// said in the reader's language next to the form and mark their field.

import { h, toast } from "./dom.js";
import { api, ApiError } from "./api.js";
import { t } from "./i18n.js";
import { errorText } from "./errors.js";
import { requestBody, fieldOf, confirmationState, failedDeliveries, FORMATS, EVENTS, MAX_EMAIL } from "./notifyprefs.js";

const PATH = "/api/account/notifications";

/**
 * A labelled checkbox.
 * @param {string} id
 * @param {string} label
 */
function checkbox(id, label) {
  const input = h("input", { id, name: id, type: "checkbox" });
  return { input, row: h("p", { class: "check" }, input, " ", h("label", { for: id }, label)) };
}

/**
 * A labelled text field, its error said through `aria-describedby`.
 * @param {string} id
 * @param {string} label
 * @param {string} type
 * @param {Record<string, any>} attrs
 */
function text(id, label, type, attrs) {
  const input = h("input", { id, name: id, type, "aria-describedby": "notify-error", ...attrs });
  return { input, row: h("p", { class: "field" }, h("label", { for: id }, label), " ", input) };
}

/** The notification settings, loading their current values. */
export function notificationSettings() {
  const email = text("notify-email", t("notifyEmail"), "email", { autocomplete: "email", maxlength: MAX_EMAIL, inputmode: "email" });
  const mail = checkbox("notify-mail", t("notifyMail"));
  const confirmState = h("p", { id: "notify-confirm", class: "muted", role: "status" });
  const resend = h("button", { type: "button", id: "notify-resend", hidden: true }, t("notifyResend"));
  const url = text("notify-webhook-url", t("notifyWebhookUrl"), "url", { autocomplete: "off", inputmode: "url", placeholder: "https://" });
  const webhook = checkbox("notify-webhook", t("notifyWebhook"));
  const format = h("select", { id: "notify-format", name: "notify-format" }, ...FORMATS.map((f) => h("option", { value: f }, t(`notifyFormat_${f}`))));
  const events = Object.fromEntries(EVENTS.map((e) => [e, checkbox(`notify-${e}`, t(`notifyEvent_${e}`))]));
  const error = h("p", { id: "notify-error", class: "error", role: "alert" });
  const failed = h("div", { id: "notify-failed" });

  /** @param {import("./notifyprefs.js").Answer} answer */
  const fill = (answer) => {
    const p = answer.preferences;
    email.input.value = p.email ?? "";
    mail.input.checked = p.mail;
    url.input.value = p.webhook_url ?? "";
    webhook.input.checked = p.webhook;
    format.value = p.webhook_format;
    for (const e of EVENTS) events[e].input.checked = p[e];
    const c = confirmationState(answer);
    confirmState.textContent =
      c.state === "none" ? "" : c.state === "confirmed" ? t("notifyConfirmed") : c.minutes > 0 ? t("notifyUnconfirmedWait", { minutes: c.minutes }) : t("notifyUnconfirmed");
    resend.hidden = c.state !== "unconfirmed";
    resend.disabled = c.state === "unconfirmed" && c.minutes > 0;
    const bad = failedDeliveries(answer.recent);
    failed.replaceChildren(
      ...(bad.length
        ? [
            h("h4", { id: "notify-failed-h" }, t("notifyFailed")),
            h("ul", { "aria-labelledby": "notify-failed-h" }, ...bad.map((n) => h("li", {}, `${n.subject} · ${t(`notifyChannel_${n.channel}`)} · ${n.last_error ?? ""}`))),
          ]
        : []),
    );
  };

  /** @param {"email" | "webhook_url" | null} field @param {string} message */
  const refuse = (field, message) => {
    error.textContent = message;
    for (const [input, name] of /** @type {const} */ ([[email.input, "email"], [url.input, "webhook_url"]])) {
      if (field === name) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
    if (field === "email") email.input.focus();
    if (field === "webhook_url") url.input.focus();
  };
  const clear = () => refuse(null, "");

  /** @param {unknown} e */
  const failedWith = (e) => {
    if (e instanceof ApiError && e.code) refuse(fieldOf(e.code, e.params), errorText(e));
    else refuse(null, errorText(e));
  };

  resend.addEventListener("click", async () => {
    clear();
    try {
      fill(await api("POST", `${PATH}/confirm`));
      toast(t("notifyResent"), "info");
    } catch (e) {
      failedWith(e);
    }
  });

  const form = h(
    "form",
    {
      class: "notify-form",
      id: "notify-form",
      novalidate: true,
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        clear();
        const r = requestBody({
          email: email.input.value,
          mail: mail.input.checked,
          webhookUrl: url.input.value,
          webhook: webhook.input.checked,
          format: format.value,
          your_turn: events.your_turn.input.checked,
          challenges: events.challenges.input.checked,
          endings: events.endings.input.checked,
        });
        if ("refusal" in r) {
          refuse(r.refusal.field, errorText(new ApiError(422, "", r.refusal.code, r.refusal.params)));
          return;
        }
        try {
          fill(await api("PUT", PATH, r.body));
          toast(t("notifySaved"), "info");
        } catch (err) {
          failedWith(err);
        }
      },
    },
    h(
      "fieldset",
      {},
      h("legend", {}, t("notifyByMail")),
      email.row,
      confirmState,
      h("p", {}, resend),
      mail.row,
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, t("notifyByWebhook")),
      url.row,
      h("p", { class: "field" }, h("label", { for: "notify-format" }, t("notifyFormat")), " ", format),
      webhook.row,
    ),
    h("fieldset", {}, h("legend", {}, t("notifyEvents")), ...EVENTS.map((e) => events[e].row)),
    error,
    h("button", { type: "submit", class: "primary", id: "notify-save" }, t("notifySave")),
    failed,
  );

  const section = h("details", { class: "notifications", id: "notifications" }, h("summary", {}, t("notifications")), form);
  api("GET", PATH)
    .then((answer) => {
      fill(answer);
      section.dataset.ready = "true";
    })
    .catch((e) => toast(errorText(e)));
  return section;
}
