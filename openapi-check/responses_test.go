package openapicheck

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"

	"github.com/apigen/apigen/generated/botapi"
	"github.com/apigen/apigen/generated/botapi/botapiserver"
)

// service answers a few methods with realistic results, so that the
// generated server's success envelopes can be checked against the export.
type service struct{ botapiserver.Unimplemented }

var chat = botapi.Chat{ID: -1001234567890, Type: botapi.ChatTypeSupergroup, Title: botapi.Some("Group")}

func (service) GetMe(context.Context) (*botapi.User, error) {
	return &botapi.User{ID: 1, IsBot: true, FirstName: "Bot", Username: botapi.Some("the_bot")}, nil
}

func (service) SendMessage(_ context.Context, p *botapi.SendMessageParams) (*botapi.Message, error) {
	return &botapi.Message{MessageID: 7, Date: 1600000000, Chat: chat, Text: botapi.Some(p.Text),
		Entities: []botapi.MessageEntity{{Type: botapi.MessageEntityTypeBold, Offset: 0, Length: 2}}}, nil
}

func (service) EditMessageText(context.Context, *botapi.EditMessageTextParams) (botapi.MessageOrTrue, error) {
	return botapi.MessageOrTrueFromTrue(), nil
}

func (service) GetChatMember(context.Context, *botapi.GetChatMemberParams) (*botapi.ChatMember, error) {
	return &botapi.ChatMember{User: botapi.User{ID: 2, FirstName: "Ann"}, Status: botapi.ChatMemberStatusAdministrator,
		CustomTitle: botapi.Some("boss"), CanPinMessages: botapi.Some(false)}, nil
}

func (service) GetMyCommands(context.Context) ([]botapi.BotCommand, error) {
	return []botapi.BotCommand{{Command: "start", Description: "Start the bot"}}, nil
}

func (service) GetUpdates(context.Context, *botapi.GetUpdatesParams) ([]botapi.Update, error) {
	return []botapi.Update{{UpdateID: 1, Message: &botapi.Message{MessageID: 1, Date: 1600000000, Chat: chat, Text: botapi.Some("hi")}}}, nil
}

// TestResponsesMatchExport: the generated server's answers, successes and
// errors, validate against the responses the export declares for the
// operation (kin-openapi openapi3filter.ValidateResponse).
func TestResponsesMatchExport(t *testing.T) {
	router := newRouter(t)
	h := botapiserver.NewServer(service{}, botapiserver.WithFileStore(storeFunc(nil)))
	cases := append([]reqCase{
		{name: "getMe", method: "getMe", target: methodURL("getMe")},
		{name: "sendMessage", method: "sendMessage", ct: "application/json", body: `{"chat_id":1,"text":"hi"}`},
		{name: "editMessageText inline", method: "editMessageText", ct: "application/json", body: `{"inline_message_id":"x","text":"hi"}`},
		{name: "getChatMember", method: "getChatMember", target: methodURL("getChatMember") + "?chat_id=1&user_id=2"},
		{name: "getMyCommands", method: "getMyCommands", target: methodURL("getMyCommands")},
		{name: "getUpdates", method: "getUpdates", ct: "application/x-www-form-urlencoded", body: "offset=1"},
		{name: "unimplemented", method: "sendDice", ct: "application/json", body: `{"chat_id":1}`},
	}, badRequests()...)
	checked := 0
	for _, c := range cases {
		httpMethod := "POST"
		if c.body == "" {
			httpMethod = "GET"
		}
		req := newRequest(t, c, httpMethod)
		route, params, err := router.FindRoute(req)
		if err != nil {
			continue // no operation to hold the answer against (unknown method, bad file path)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, newRequest(t, c, httpMethod))
		in := &openapi3filter.ResponseValidationInput{
			RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
			Status:                 rec.Code,
			Header:                 rec.Header(),
			Options:                &openapi3filter.Options{IncludeResponseStatus: true},
		}
		in.SetBodyBytes(rec.Body.Bytes())
		if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
			t.Errorf("%s: the server's %d answer does not match the export: %v\n%s", c.name, rec.Code, oneLine(err.Error()), rec.Body.String())
			continue
		}
		checked++
	}
	t.Logf("%d answers match the export", checked)
	if checked < 60 {
		t.Fatalf("only %d answers checked", checked)
	}
}

// TestResponseValidationBites: the response check rejects an answer of
// the wrong shape (so TestResponsesMatchExport checks something).
func TestResponseValidationBites(t *testing.T) {
	router := newRouter(t)
	c := reqCase{name: "getMe", method: "getMe", target: methodURL("getMe")}
	for _, body := range []string{
		`{"ok":true,"result":5}`,
		`{"ok":true,"result":{"id":1,"is_bot":true}}`,
		`{"ok":false,"description":"no error_code"}`,
		`{"ok":true}`,
	} {
		req := newRequest(t, c, "GET")
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Fatal(err)
		}
		status := 200
		if body[6] == 'f' {
			status = 400
		}
		in := &openapi3filter.ResponseValidationInput{
			RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
			Status:                 status,
			Header:                 map[string][]string{"Content-Type": {"application/json"}},
			Options:                &openapi3filter.Options{IncludeResponseStatus: true},
		}
		in.SetBodyBytes([]byte(body))
		if err := openapi3filter.ValidateResponse(context.Background(), in); err == nil {
			t.Errorf("%s accepted as a getMe answer", body)
		}
	}
}
