package gomodel

import (
	"fmt"
	"strings"
	"testing"
)

// describeFills writes what a helper fills, one parameters struct a line:
// "Struct[Builder]: param<-source kind ...", quote fills marked "quote".
func describeFills(h Helper) string {
	var lines []string
	for _, fd := range h.Fills {
		var fills []string
		for _, f := range fd.Fills {
			src := "o." + f.From.Field.GoName
			if f.From.Getter != "" {
				src = "o." + f.From.Getter + "()"
			}
			if f.From.ID != nil {
				src += "." + f.From.ID.GoName
			}
			if f.Convert != "" {
				src = f.Convert + "(" + src + ")"
			}
			var kind string
			switch f.Kind {
			case FillScalar:
				kind = "scalar"
			case FillSome:
				kind = "Some"
			case FillCtor:
				kind = f.Ctor
			case FillSole:
				kind = "&" + f.Object.GoName + "{" + f.Sole.GoName + "}"
			}
			s := fmt.Sprintf("%s<-%s %s", f.Param.Name, src, kind)
			if f.Quote {
				s += " quote"
			}
			fills = append(fills, s)
		}
		name := fd.Params.GoName
		if fd.Builder != "" {
			name += "[" + fd.Builder + "]"
		}
		lines = append(lines, name+": "+strings.Join(fills, ", "))
	}
	return strings.Join(lines, "\n")
}

// The objects both fixtures share: a chat (its id an int64), an update
// whose kinds are a message and a callback query, the chat reference
// union.
const fillsCommon = `
  - name: Chat
    fields: [{name: id, type: Integer64, required: true}]
  - name: CallbackQuery
    fields:
      - {name: id, type: String, required: true}
      - {name: message, type: MESSAGE, required: false}
      - {name: data, type: String, required: false}
  - name: Update
    fields:
      - {name: update_id, type: Integer, required: true}
      - {name: message, type: Message, required: false}
      - {name: callback_query, type: CallbackQuery, required: false}
    rules:
      - {kind: at_most_one, fields: [message, callback_query], text: At most one is present}
`

// The methods both fixtures share. deleteMessage and editMessageText
// refer to a message by its identifier (Answer); getChat and sendMessage
// send to its chat (Reply); sendGift also needs a user the message does
// not give, so no helper fills it.
const fillsMethods = `
methods:
  - {name: answerCallbackQuery, group: g, returns: True, params: [{name: callback_query_id, type: String, required: true}, {name: text, type: String, required: false}]}
  - {name: deleteMessage, group: g, returns: True, params: [{name: chat_id, type: IntegerOrString, required: true}, {name: message_id, type: Integer, required: true}]}
  - {name: editMessageText, group: g, returns: True, params: [{name: chat_id, type: IntegerOrString, required: false}, {name: message_id, type: Integer, required: false}, {name: text, type: String, required: true}]}
  - {name: getChat, group: g, returns: Chat, params: [{name: chat_id, type: IntegerOrString, required: true}]}
  - {name: sendGift, group: g, returns: True, params: [{name: chat_id, type: IntegerOrString, required: true}, {name: user_id, type: Integer, required: true}]}
`

// The seed's shape: a reply refers to the message by reply_to_message_id,
// and the callback query holds the message itself. stopMessage's
// message_id, whose zero is meaningful, is no identifier: an int, so the
// message's int64 identifier is converted.
func TestFillsOfTheSeedsShape(t *testing.T) {
	m := build(t, header+`
unions:
  - name: IntegerOrString
    variants: [{type: Integer}, {type: String}]
objects:
  - name: Message
    fields:
      - {name: message_id, type: Integer, required: true}
      - {name: chat, type: Chat, required: true}
      - {name: text, type: String, required: false}
`+strings.Replace(fillsCommon, "MESSAGE", "Message", 1)+fillsMethods+`
  - {name: sendMessage, group: g, returns: Message, params: [{name: chat_id, type: IntegerOrString, required: true}, {name: text, type: String, required: true}, {name: reply_to_message_id, type: Integer, required: false}]}
  - {name: stopMessage, group: g, returns: True, params: [{name: message_id, type: Integer, required: true, zero_meaningful: true}]}
`)
	msg := m.Object("Message").Referent
	if msg == nil || msg.Via != nil {
		t.Fatalf("Message's referent: %+v", msg)
	}
	wantReply := `GetChatParams: chat_id<-o.Chat.ID IntegerOrStringFromInteger
SendMessageParams[ReplyToMessage]: chat_id<-o.Chat.ID IntegerOrStringFromInteger, reply_to_message_id<-o.MessageID Some quote`
	wantAnswer := `DeleteMessageParams: message_id<-o.MessageID scalar, chat_id<-o.Chat.ID IntegerOrStringFromInteger
EditMessageTextParams: message_id<-o.MessageID Some, chat_id<-o.Chat.ID IntegerOrStringFromInteger
StopMessageParams: message_id<-int(o.MessageID) scalar`
	checkFills(t, "Message.Reply", msg.Reply, wantReply)
	checkFills(t, "Message.Answer", msg.Answer, wantAnswer)
	cq := m.Object("CallbackQuery").Referent
	checkFills(t, "CallbackQuery.Reply", cq.Reply, "")
	checkFills(t, "CallbackQuery.Answer", cq.Answer, "AnswerCallbackQueryParams: callback_query_id<-o.ID scalar")
}

// A page's shape: a reply refers to the message by reply_parameters (an
// object whose sole required field is message_id), and the callback query
// holds a message that may be inaccessible: the helpers take the union and
// read through its common-field methods.
func TestFillsOfAPagesShape(t *testing.T) {
	m := build(t, header+`
unions:
  - name: IntegerOrString
    variants: [{type: Integer}, {type: String}]
  - name: MaybeInaccessibleMessage
    variants: [{type: Message, requires: [text]}, {type: InaccessibleMessage, requires: [gone]}]
objects:
  - name: Message
    fields:
      - {name: message_id, type: Integer, required: true}
      - {name: chat, type: Chat, required: true}
      - {name: text, type: String, required: true}
  - name: InaccessibleMessage
    fields:
      - {name: chat, type: Chat, required: true}
      - {name: message_id, type: Integer, required: true}
      - {name: gone, type: Boolean, required: true}
  - name: ReplyParameters
    fields:
      - {name: message_id, type: Integer, required: true}
      - {name: chat_id, type: IntegerOrString, required: false}
`+strings.Replace(fillsCommon, "MESSAGE", "MaybeInaccessibleMessage", 1)+fillsMethods+`
  - {name: sendMessage, group: g, returns: Message, params: [{name: chat_id, type: IntegerOrString, required: true}, {name: text, type: String, required: true}, {name: reply_parameters, type: ReplyParameters, required: false}]}
`)
	msg := m.Object("Message").Referent
	if msg == nil || msg.Via != m.Union("MaybeInaccessibleMessage") {
		t.Fatalf("Message's referent: %+v", msg)
	}
	wantReply := `GetChatParams: chat_id<-o.GetChat().ID IntegerOrStringFromInteger
SendMessageParams[ReplyToMessage]: chat_id<-o.GetChat().ID IntegerOrStringFromInteger, reply_parameters<-o.GetMessageID() &ReplyParameters{MessageID} quote`
	wantAnswer := `DeleteMessageParams: message_id<-o.GetMessageID() scalar, chat_id<-o.GetChat().ID IntegerOrStringFromInteger
EditMessageTextParams: message_id<-o.GetMessageID() Some, chat_id<-o.GetChat().ID IntegerOrStringFromInteger`
	checkFills(t, "Message.Reply", msg.Reply, wantReply)
	checkFills(t, "Message.Answer", msg.Answer, wantAnswer)
	if msg.Reply.Filler != "dispatchReplyMessage" || msg.Answer.Filler != "dispatchAnswerMessage" {
		t.Errorf("fillers %q, %q", msg.Reply.Filler, msg.Answer.Filler)
	}
}

func checkFills(t *testing.T, what string, h Helper, want string) {
	t.Helper()
	if got := describeFills(h); got != want {
		t.Errorf("%s fills:\n%s\nwant:\n%s", what, got, want)
	}
}

// An update kind identified by a field named just "id" (a business
// connection) is no reply target of every parameter ending in "_id": a
// user_id or chat_id of another type refers to something else, so its
// helpers warn of no reply that cannot quote (the 9.0 page printed three
// such warnings, and --strict refused it).
func TestReplyToAnObjectIdentifiedByIDWarnsOfNothing(t *testing.T) {
	m := build(t, header+`
unions:
  - name: IntegerOrString
    variants: [{type: Integer}, {type: String}]
objects:
  - name: Message
    fields:
      - {name: message_id, type: Integer, required: true}
      - {name: chat, type: Chat, required: true}
  - name: Chat
    fields: [{name: id, type: Integer64, required: true}]
  - name: Connection
    fields:
      - {name: id, type: String, required: true}
      - {name: chat, type: Chat, required: true}
  - name: Update
    fields:
      - {name: update_id, type: Integer, required: true}
      - {name: message, type: Message, required: false}
      - {name: connection, type: Connection, required: false}
    rules:
      - {kind: at_most_one, fields: [message, connection], text: At most one is present}
methods:
  - {name: sendMessage, group: g, returns: Message, params: [{name: chat_id, type: IntegerOrString, required: true}, {name: text, type: String, required: true}, {name: reply_to_message_id, type: Integer, required: false}]}
  - {name: sendGift, group: g, returns: True, params: [{name: chat_id, type: IntegerOrString, required: true}, {name: user_id, type: Integer, required: true}]}
`)
	for _, w := range m.Warnings {
		t.Errorf("warning: %s: %s", w.Construct, w.Text)
	}
	if r := m.Object("Connection").Referent; r == nil || len(r.Reply.Fills) == 0 {
		t.Fatalf("Connection has no reply helper: %+v", r)
	}
}
