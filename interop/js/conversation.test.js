// A whole bot conversation with grammY (from npm) against the apigen
// emulator: the user sends /start, the bot answers with an inline keyboard,
// the user presses a button, the bot answers the callback and edits the
// message, the bot sends a photo and a quiz poll that closes by itself.
// The bot side uses only grammY; the user side and the clock use the
// emulator's HTTP control API. Run by interop/emulator_node_test.go, which
// starts the emulator and sets EMULATOR_URL, BOT_TOKEN and CONTROL_TOKEN.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Bot, InlineKeyboard, InputFile } from "grammy";

const base = process.env.EMULATOR_URL;
const token = process.env.BOT_TOKEN;
const controlToken = process.env.CONTROL_TOKEN;
// EMULATOR_AT is the version the emulator serves when it is not the seed's
// 5.0 (apigen emulator --spec PAGE).
const at = process.env.EMULATOR_AT;

// control calls POST /control/<action> (with the control token) and
// returns its result.
async function control(action, body = {}) {
  const res = await fetch(`${base}/control/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${controlToken}` },
    body: JSON.stringify(body),
  });
  const env = await res.json();
  assert.ok(env.ok, `${action}: ${env.description}`);
  return env.result;
}

// An 8x6 grey PNG.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAAAAADbboAnAAAAEklEQVR4nGJigAKSGIAAAAD//wGwAA3DBGcGAAAAAElFTkSuQmCC",
  "base64",
);

test("grammY conversation against the emulator", { skip: !base && "EMULATOR_URL is not set (run through go test in interop/)" }, async () => {
  const bot = new Bot(token, { client: { apiRoot: base } });
  // grammY 1.x speaks Bot API 9.x and sends poll options as InputPollOption
  // objects; a 5.0 service takes strings. Against the seed's emulator, an
  // API transformer (grammY's own extension point) downgrades that one
  // field, as a bot targeting a 5.0 server would; an emulator at a 9.x
  // version takes grammY as it is.
  if (!at) {
    bot.api.config.use((prev, method, payload, signal) => {
      if (method === "sendPoll" && Array.isArray(payload.options)) {
        payload = { ...payload, options: payload.options.map((o) => (typeof o === "string" ? o : o.text)) };
      }
      return prev(method, payload, signal);
    });
  }
  const me = await bot.api.getMe();
  assert.equal(me.is_bot, true);
  const user = await control("user", { first_name: "Alice", username: "alice" });
  await control("send", { user_id: user.id, bot_id: me.id, text: "/start" });

  let offset = 0;
  const poll = async () => {
    const us = await bot.api.getUpdates({ offset, timeout: 0 });
    if (us.length > 0) offset = us[us.length - 1].update_id + 1;
    return us;
  };

  let us = await poll();
  assert.equal(us.length, 1);
  const start = us[0].message;
  assert.equal(start.text, "/start");
  assert.equal(start.entities[0].type, "bot_command");
  const chat = start.chat.id;
  assert.equal(chat, user.id);

  const kbd = new InlineKeyboard().text("Red", "color:red").text("Blue", "color:blue");
  const sent = await bot.api.sendMessage(chat, "Pick a colour", { reply_markup: kbd });
  const { callback_query_id: queryID } = await control("press", {
    user_id: user.id, bot_id: me.id, message_id: sent.message_id, data: "color:blue",
  });

  us = await poll();
  assert.equal(us.length, 1);
  const q = us[0].callback_query;
  assert.equal(q.id, queryID);
  assert.equal(q.data, "color:blue");
  assert.equal(q.message.message_id, sent.message_id);
  await bot.api.answerCallbackQuery(q.id, { text: "You chose blue" });
  const edited = await bot.api.editMessageText(chat, q.message.message_id, "Blue it is");
  assert.equal(edited.text, "Blue it is");

  const answer = await control("callback_answer", { callback_query_id: q.id });
  assert.deepEqual(answer, { answered: true, text: "You chose blue" });
  const seen = await control("message", { user_id: user.id, bot_id: me.id, message_id: sent.message_id });
  assert.equal(seen.text, "Blue it is");
  assert.ok(seen.edit_date > 0);

  const photo = await bot.api.sendPhoto(chat, new InputFile(png, "blue.png"));
  assert.equal(photo.photo[0].width, 8);
  const quiz = await bot.api.sendPoll(chat, "Which one is blue?", ["red", "blue"], {
    type: "quiz", correct_option_id: 1, open_period: 5,
  });
  assert.equal(quiz.poll.is_closed, false);

  const methods = (await control("sent", { bot_id: me.id })).map((s) => s.method);
  assert.deepEqual(methods, ["sendMessage", "editMessageText", "sendPhoto", "sendPoll"]);

  await control("advance", { seconds: 5 });
  us = await poll();
  assert.equal(us.length, 1);
  assert.equal(us[0].poll.id, quiz.poll.id);
  assert.equal(us[0].poll.is_closed, true);
  assert.equal(us[0].poll.correct_option_id, 1);
});
