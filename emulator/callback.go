package emulator

// A callback query a user's button press opened, and the answer the bot
// gave (answerCallbackQuery; the control API's press and callback_answer).

import "time"

// callback is a callback query a user made by pressing a button.
type callback struct {
	id       string
	bot      int64
	at       time.Time
	answered bool
	answer   CallbackAnswer
}

// CallbackAnswer is what the bot answered to a callback query.
type CallbackAnswer struct {
	Answered  bool   `json:"answered"`
	Text      string `json:"text,omitempty"`
	ShowAlert bool   `json:"show_alert,omitempty"`
	URL       string `json:"url,omitempty"`
	CacheTime int64  `json:"cache_time,omitempty"`
}
