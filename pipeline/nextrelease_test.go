package pipeline_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/apigen/apigen/internal/nextrelease"
	"github.com/apigen/apigen/internal/publishedpages"
	"github.com/apigen/apigen/parser"
)

// The next-release suite: the platform's newest shared page changed the way
// its releases change it (a sentence reworded, a member of a new kind, a
// new section, ...), with text of our own inserted. Each change is a
// named transformation over the page's HTML (internal/nextrelease); each
// must be read exactly
// (the fact it states is in the schema) or degrade with exactly one
// warning naming the construct, which --strict refuses. The page with all
// of them applied generates a package that builds, vets and round-trips
// the new constructs. The page is read from ../shared at test time and
// never committed.
//
//	go test ./pipeline/ -run TestNextRelease -count=1 -v

// TestNextRelease applies each transformation to the shared page alone
// and checks what the reader made of it, then builds the package of the
// page with all of them applied.
func TestNextRelease(t *testing.T) {
	original := string(publishedpages.Read(t, publishedDir, nextrelease.Page))
	source := strings.TrimSuffix(nextrelease.Page, ".gz")
	_, base, err := nextrelease.Read(original, source, false)
	if err != nil {
		t.Fatalf("the page itself: %v", err)
	}
	for _, r := range nextrelease.Releases {
		t.Run(r.Name, func(t *testing.T) {
			page := r.Apply(t, original)
			s, rep, err := nextrelease.Read(page, source, false)
			if r.Refuses != nil {
				if err == nil {
					t.Fatal("read without an error, want it reported")
				}
				msg := err.Error()
				for _, want := range r.Refuses {
					if !strings.Contains(msg, want) {
						t.Errorf("error %q does not say %q", msg, want)
					}
				}
				if strings.Count(strings.TrimSpace(msg), "\n") > 0 || !strings.Contains(msg, source+":") {
					t.Errorf("error %q: want one line naming the page and its line", msg)
				}
				return
			}
			if err != nil && r.Defect != "" {
				t.Skipf("defect: %s: %v", r.Defect, err)
			}
			if err != nil {
				t.Fatal(err)
			}
			added := newWarnings(base.Warnings, rep.Warnings)
			if r.Degrades == "" {
				for _, w := range added {
					t.Errorf("warning: %s", w)
				}
			} else {
				if len(added) != 1 || !strings.HasPrefix(added[0].Construct, r.Degrades) {
					t.Errorf("warnings %v, want exactly one naming a %s", added, r.Degrades)
				}
				if _, _, err := nextrelease.Read(page, source, true); err == nil || len(added) == 1 && !strings.Contains(err.Error(), added[0].Construct) {
					t.Errorf("--strict: %v, want the page refused for the construct warned of", err)
				}
			}
			r.Check(t, s, added, rep)
		})
	}
	t.Run("all applied builds, vets and round-trips", func(t *testing.T) {
		if testing.Short() {
			t.Skip("builds the package of a whole page: skipped in -short")
		}
		page := nextrelease.All(t, original)
		s, rep, err := nextrelease.Read(page, source, false)
		if err != nil {
			t.Fatal(err)
		}
		// Each check in a subtest of its own: one that skips for a known
		// defect does not skip the build.
		for _, r := range nextrelease.Releases {
			if r.Refuses == nil && r.Defect == "" {
				t.Run(r.Name, func(t *testing.T) { r.Check(t, s, newWarnings(base.Warnings, rep.Warnings), rep) })
			}
		}
		buildPage(t, []byte(page), source, packageTest{"next_release_test.go", nextReleaseRoundTripTest, "TestNextReleaseRoundTrip"})
	})
}

// TestNextReleaseStrictRefusalSaysWhy: under parser.Options.Strict, the
// error that refuses a degraded construct must say it is refused because of
// --strict and keep the advice of the warning (the overlay line that
// settles it). (apigen --strict builds its own line from the schema's
// Degraded and says both: cmd/apigen's TestNextReleaseDegradesWithOneWarningAndStrictRefuses.)
func TestNextReleaseStrictRefusalSaysWhy(t *testing.T) {
	original := string(publishedpages.Read(t, publishedDir, nextrelease.Page))
	source := strings.TrimSuffix(nextrelease.Page, ".gz")
	i := slices.IndexFunc(nextrelease.Releases, func(r nextrelease.Release) bool { return r.Degrades != "" })
	page := nextrelease.Releases[i].Apply(t, original)
	_, rep, err := nextrelease.Read(page, source, false)
	if err != nil || len(rep.Warnings) == 0 {
		t.Fatalf("not degraded: %v, %d warnings", err, len(rep.Warnings))
	}
	_, _, err = nextrelease.Read(page, source, true)
	if err == nil {
		t.Fatal("--strict read the page")
	}
	if !strings.Contains(err.Error(), "--strict") || !strings.Contains(err.Error(), "overlay") {
		t.Errorf("the --strict error says neither that --strict refused the page nor the overlay line of the warning: %v", err)
	}
}

// newWarnings lists the warnings of got that the page itself did not give.
func newWarnings(baseline, got []parser.Warning) []parser.Warning {
	var out []parser.Warning
	for _, w := range got {
		if !slices.ContainsFunc(baseline, func(b parser.Warning) bool { return b.Construct == w.Construct && b.Text == w.Text }) {
			out = append(out, w)
		}
	}
	return out
}

// nextReleaseRoundTripTest runs inside the package generated from the page
// with every transformation applied: a message whose origin is the new
// String or Array member (and whose chat has the new enum value, whose
// user lacks the field made optional) decodes and re-encodes unchanged; the
// inline union, the degraded one and the new section's method travel from
// the client to the generated server; the rule with exceptions and the
// constraint with a second digit range are checked by Validate.
const nextReleaseRoundTripTest = `package botapi_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"published/botapi"
	"published/botapi/botapiserver"
)

type nextService struct {
	botapiserver.Unimplemented
	paid, group []string
	pinned  string
	badge   string
}

func (s *nextService) SendPaidMedia(_ context.Context, p *botapi.SendPaidMediaParams) (*botapi.Message, error) {
	for _, m := range p.Media {
		switch v := m.(type) {
		case *botapi.InputPaidMediaPhoto:
			s.paid = append(s.paid, "paid photo "+v.Media.Ref())
		case *botapi.InputMediaDocument:
			s.paid = append(s.paid, "document "+v.Media.Ref())
		default:
			s.paid = append(s.paid, "other")
		}
	}
	return &botapi.Message{MessageID: 1, Date: 2, Chat: botapi.Chat{ID: 3, Type: botapi.ChatTypeLounge}}, nil
}

func (s *nextService) SendMediaGroup(_ context.Context, p *botapi.SendMediaGroupParams) ([]botapi.Message, error) {
	for _, m := range p.Media {
		switch v := m.(type) {
		case *botapi.InputMediaVideo:
			s.group = append(s.group, "video "+v.Media.Ref())
		default:
			s.group = append(s.group, "other")
		}
	}
	return []botapi.Message{}, nil
}

func (s *nextService) PinToBoard(_ context.Context, p *botapi.PinToBoardParams) (*botapi.Pinboard, error) {
	s.pinned = p.Note
	return &botapi.Pinboard{PinboardID: 9, Notes: []string{p.Note}}, nil
}

// SendPhoto's result is stated without "returns": the package keeps it as
// the raw JSON the server sends.
func (s *nextService) SendPhoto(_ context.Context, p *botapi.SendPhotoParams) (*botapi.SendPhotoResult, error) {
	return &botapi.SendPhotoResult{Raw: []byte(` + "`" + `{"message_id":7,"date":2,"chat":{"id":3,"type":"private"}}` + "`" + `)}, nil
}

func (s *nextService) SetChatBadge(_ context.Context, p *botapi.SetChatBadgeParams) error {
	s.badge = p.Badge.Emoji
	return nil
}

func TestNextReleaseRoundTrip(t *testing.T) {
	for _, in := range []string{
		` + "`" + `{"message_id":1,"date":2,"chat":{"id":3,"type":"lounge"},"forward_origin":"Alice"}` + "`" + `,
		` + "`" + `{"message_id":1,"date":2,"chat":{"id":3,"type":"private"},"forward_origin":[{"type":"user","date":4,"sender_user":{"id":5,"is_bot":false}},"Bob",["Carol"]]}` + "`" + `,
		` + "`" + `{"message_id":1,"date":2,"chat":{"id":3,"type":"group"},"forward_origin":{"type":"hidden_user","date":4,"sender_user_name":"Dan"}}` + "`" + `,
	} {
		var m botapi.Message
		if err := m.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := m.MarshalJSON()
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if string(out) != in {
			t.Errorf("round trip:\n got %s\nwant %s", out, in)
		}
	}
	var m botapi.Message
	if err := m.UnmarshalJSON([]byte(` + "`" + `{"message_id":1,"date":2,"chat":{"id":3,"type":"lounge"},"forward_origin":["Alice",{"type":"user","date":4,"sender_user":{"id":5,"is_bot":true}}]}` + "`" + `)); err != nil {
		t.Fatal(err)
	}
	if m.Chat.Type != botapi.ChatTypeLounge {
		t.Errorf("chat type %q, want the new value lounge", m.Chat.Type)
	}
	arr, ok := m.ForwardOrigin.(botapi.MessageOriginArray)
	if !ok || len(arr) != 2 {
		t.Fatalf("forward_origin %T %v, want a MessageOriginArray of two", m.ForwardOrigin, m.ForwardOrigin)
	}
	if s, ok := arr[0].(botapi.MessageOriginString); !ok || s != "Alice" {
		t.Errorf("first origin %T %v, want MessageOriginString Alice", arr[0], arr[0])
	}
	if u, ok := arr[1].(*botapi.MessageOriginUser); !ok || u.SenderUser.ID != 5 {
		t.Errorf("second origin %T %v, want *MessageOriginUser of user 5", arr[1], arr[1])
	}

	svc := &nextService{}
	ts := httptest.NewServer(botapiserver.NewServer(svc))
	defer ts.Close()
	c := botapi.NewClient("123:abc", botapi.WithBaseURL(ts.URL))
	ctx := context.Background()
	chat := botapi.IntegerOrStringFromInteger(7)
	sent, err := c.SendPaidMedia(ctx, &botapi.SendPaidMediaParams{ChatID: chat, StarCount: 5, Media: []botapi.Media{
		&botapi.InputPaidMediaPhoto{Media: botapi.FileID("p1")},
		&botapi.InputMediaDocument{Media: botapi.FileID("d1")},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(svc.paid, ", "); got != "paid photo p1, document d1" {
		t.Errorf("the server read the inline union as %q", got)
	}
	if sent.Chat.Type != botapi.ChatTypeLounge {
		t.Errorf("the answer's chat type %q, want lounge", sent.Chat.Type)
	}
	if _, err := c.SendMediaGroup(ctx, &botapi.SendMediaGroupParams{ChatID: chat, Media: []botapi.InputMediaVideoOrInputPaidMediaVideo{
		&botapi.InputMediaVideo{Media: botapi.FileID("v1")},
		&botapi.InputMediaVideo{Media: botapi.FileID("v2")},
	}}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(svc.group, ", "); got != "video v1, video v2" {
		t.Errorf("the server read the degraded union as %q (its first variant first)", got)
	}
	board, err := c.PinToBoard(ctx, &botapi.PinToBoardParams{ChatID: chat, Note: "buy milk"})
	if err != nil {
		t.Fatal(err)
	}
	if board.PinboardID != 9 || len(board.Notes) != 1 || svc.pinned != "buy milk" {
		t.Errorf("pinToBoard: %+v, server saw %q", board, svc.pinned)
	}
	if _, err := c.PinToBoard(ctx, &botapi.PinToBoardParams{ChatID: chat, Note: strings.Repeat("n", 201)}); err == nil {
		t.Error("a 201-character note is accepted (the new section says 1-200 characters)")
	}
	if err := c.SetChatBadge(ctx, &botapi.SetChatBadgeParams{ChatID: chat, Badge: botapi.ChatBadge{Emoji: "⭐"}}); err != nil || svc.badge != "⭐" {
		t.Errorf("setChatBadge: %v, server saw %q", err, svc.badge)
	}
	photo, err := c.SendPhoto(ctx, &botapi.SendPhotoParams{ChatID: chat, Photo: botapi.FileID("ph1")})
	if err != nil || photo == nil || string(photo.Raw) != ` + "`" + `{"message_id":7,"date":2,"chat":{"id":3,"type":"private"}}` + "`" + ` {
		t.Errorf("sendPhoto's raw result: %v, %+v", err, photo)
	}
	if err := (&botapi.SendMessageParams{ChatID: chat}).Validate(); err != nil {
		t.Errorf("sendMessage without the text made optional: %v", err)
	}

	if err := (&botapi.InlineKeyboardButton{Text: "x", URL: botapi.Some("https://example.org")}).Validate(); err != nil {
		t.Errorf("a button with text and a url: %v", err)
	}
	if err := (&botapi.InlineKeyboardButton{Text: "x", URL: botapi.Some("https://example.org"), Pay: botapi.Some(true)}).Validate(); err == nil {
		t.Error("a button with two kinds is accepted (exactly one of the fields other than text)")
	}
	for name, ok := range map[string]bool{"team_42": true, strings.Repeat("a", 64): true, "": false, strings.Repeat("a", 65): false, "Team": false, "a-b": false} {
		p := &botapi.CreateChatInviteLinkParams{ChatID: chat, Name: botapi.Some(name)}
		if err := p.Validate(); (err == nil) != ok {
			t.Errorf("invite link name %q: %v, want valid %v", name, err, ok)
		}
	}
}
`
