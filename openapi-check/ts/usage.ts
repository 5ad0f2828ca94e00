// Compiled by tsc --strict against the types openapi-typescript generated
// from generated/openapi/openapi.yaml (out/openapi.d.ts). The declarations
// after an expect-error directive must NOT compile (tsc fails if one does),
// so the types are checked, not only present.
import type { components, paths } from "./out/openapi";

type Schemas = components["schemas"];
type SendMessage = paths["/bot{token}/sendMessage"]["post"];
type SendMessageBody = NonNullable<SendMessage["requestBody"]>["content"]["application/json"];
type SendMessageOK = SendMessage["responses"]["200"]["content"]["application/json"];

export const send: SendMessageBody = {
  chat_id: "@channel",
  text: "*hi*",
  parse_mode: "MarkdownV2",
  reply_markup: { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] },
};

// A keyboard button may be a plain string (string_form).
export const keyboard: Schemas["ReplyKeyboardMarkup"] = { keyboard: [["yes", { text: "no" }]] };

// InputMedia is a union discriminated by type.
export const album: Schemas["sendMediaGroupParams"] = {
  chat_id: 1,
  media: [
    { type: "photo", media: "attach://a" },
    { type: "video", media: "file_id", duration: 3 },
  ],
};

export function firstText(res: SendMessageOK): string | undefined {
  return res.ok ? res.result.text : undefined;
}

export function kind(u: Schemas["Update"]): string {
  if (u.message) return "message " + u.message.message_id;
  if (u.callback_query) return "callback " + u.callback_query.id;
  return "other";
}

export const failure: Schemas["ErrorResponse"] = {
  ok: false,
  error_code: 429,
  description: "Too Many Requests",
  parameters: { retry_after: 7 },
};

// @ts-expect-error text is required
export const noText: SendMessageBody = { chat_id: 1 };

// @ts-expect-error parse_mode is an enum
export const badMode: SendMessageBody = { chat_id: 1, text: "x", parse_mode: "BBCode" };

// @ts-expect-error chat_id is an integer or a string
export const badChat: SendMessageBody = { chat_id: true, text: "x" };

// @ts-expect-error remove_keyboard can only be true
export const badRemove: Schemas["ReplyKeyboardRemove"] = { remove_keyboard: false };

// @ts-expect-error an album item's type names a known variant
export const badMedia: Schemas["InputMedia"] = { type: "sticker", media: "x" };

// @ts-expect-error the result of a successful call is typed
export const badResult: SendMessageOK = { ok: true, result: 5 };
