package emulator

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/apigen/apigen/generated/botapi"
)

// controlHandler serves the control API over HTTP: POST /control/<action>
// with a JSON object, answered {"ok":true,"result":...} or
// {"ok":false,"description":...} (400). The actions mirror the Go methods
// of the same names; see the README's Emulator section.
func (e *Emulator) controlHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		action := strings.TrimPrefix(r.URL.Path, "/control/")
		var in controlRequest
		if r.Body != nil && r.ContentLength != 0 {
			dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
			if err := dec.Decode(&in); err != nil {
				controlReply(w, nil, controlErr("the body must be a JSON object: "+err.Error()))
				return
			}
		}
		res, err := e.control(action, &in)
		controlReply(w, res, err)
	})
}

// controlRequest is the union of the actions' parameters.
type controlRequest struct {
	Token     string             `json:"token"`
	FirstName string             `json:"first_name"`
	Username  string             `json:"username"`
	Type      string             `json:"type"`
	Title     string             `json:"title"`
	UserID    int64              `json:"user_id"`
	BotID     int64              `json:"bot_id"`
	ChatID    int64              `json:"chat_id"`
	MessageID int64              `json:"message_id"`
	ReplyTo   int64              `json:"reply_to_message_id"`
	Text      string             `json:"text"`
	Data      string             `json:"data"`
	QueryID   string             `json:"callback_query_id"`
	PollID    string             `json:"poll_id"`
	OptionIDs []int              `json:"option_ids"`
	Link      string             `json:"link"`
	Seconds   float64            `json:"seconds"`
	Member    *botapi.ChatMember `json:"member"`
}

func (in *controlRequest) where() Where { return Where{Bot: in.BotID, Chat: in.ChatID} }

func (e *Emulator) control(action string, in *controlRequest) (any, error) {
	switch action {
	case "bot":
		return e.AddBot(in.Token)
	case "user":
		if in.FirstName == "" {
			return nil, controlErr("first_name is required")
		}
		return e.NewUser(in.FirstName, in.Username), nil
	case "chat":
		return e.NewChat(botapi.ChatType(in.Type), in.Title, in.Username, in.UserID)
	case "member":
		if in.Member == nil {
			return nil, controlErr("member (a ChatMember object) is required")
		}
		return true, e.SetMember(in.ChatID, in.UserID, *in.Member)
	case "join":
		if in.Link != "" {
			return true, e.JoinByLink(in.UserID, in.Link)
		}
		return true, e.Join(in.ChatID, in.UserID)
	case "leave":
		return true, e.Leave(in.ChatID, in.UserID)
	case "block":
		return true, e.Block(in.UserID, in.BotID)
	case "send":
		return e.Reply(in.UserID, in.where(), in.Text, in.ReplyTo)
	case "edit":
		return e.Edit(in.UserID, in.where(), in.MessageID, in.Text)
	case "press":
		id, err := e.Press(in.UserID, in.where(), in.MessageID, in.Data)
		return map[string]string{"callback_query_id": id}, err
	case "callback_answer":
		a, ok := e.CallbackAnswer(in.QueryID)
		if !ok {
			return nil, controlErr("no callback query " + in.QueryID)
		}
		return a, nil
	case "vote":
		return true, e.Vote(in.UserID, in.PollID, in.OptionIDs...)
	case "sent":
		s := e.Sent(in.BotID)
		if s == nil {
			s = []Sent{}
		}
		return s, nil
	case "message":
		m, ok := e.Message(in.UserID, in.where(), in.MessageID)
		if !ok {
			return nil, controlErr("no message " + itoa(in.MessageID))
		}
		return m, nil
	case "advance":
		return e.Advance(time.Duration(in.Seconds * float64(time.Second))).Unix(), nil
	case "now":
		return e.Now().Unix(), nil
	case "stats":
		return e.Stats(), nil
	}
	return nil, controlErr("unknown control action " + action)
}

func controlReply(w http.ResponseWriter, res any, err error) {
	w.Header().Set("Content-Type", "application/json")
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		msg := err.Error()
		if errors.Is(err, ErrControl) {
			msg = strings.TrimPrefix(msg, ErrControl.Error()+"\n")
		}
		json.NewEncoder(w).Encode(map[string]any{"ok": false, "description": msg})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"ok": true, "result": res})
}
