package pipeline_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen/apigen/gomodel"
	"github.com/apigen/apigen/loader"
	"github.com/apigen/apigen/pipeline"
	"github.com/apigen/apigen/schema"
	"github.com/apigen/apigen/schemadiff"
)

// releasePage is a small document written for these tests in the layout of
// the platform's published page (not taken from it), at one of three
// releases (issue 42):
//
//   - 1: editMessageText's text and ReplyParameters' message_id are
//     required;
//   - 2: each becomes optional, "Required if <other> is not specified",
//     beside a new optional alternative (rich_message,
//     ephemeral_message_id): a release that changes no value a bot sends;
//   - 3: ReplyParameters also requires a new field, chat_id: a reply can no
//     longer be made from the message replied to alone.
func releasePage(release int) string {
	text := `<tr><td>text</td><td>String</td><td>Yes</td><td>New text of the message, 1-4096 characters after entities parsing</td></tr>`
	richMessage, replyID, ephemeral, replyChat := "", `<tr><td>message_id</td><td>Integer</td><td>Identifier of the message that will be replied to</td></tr>`, "", ""
	if release >= 2 {
		text = `<tr><td>text</td><td>String</td><td>Optional</td><td>New text of the message, 1-4096 characters after entities parsing. Required if rich_message is not specified</td></tr>`
		richMessage = `<tr><td>rich_message</td><td>String</td><td>Optional</td><td>The new message as rich content</td></tr>`
		replyID = `<tr><td>message_id</td><td>Integer</td><td><em>Optional</em>. Identifier of the message that will be replied to. Required if ephemeral_message_id is not specified</td></tr>`
		ephemeral = `<tr><td>ephemeral_message_id</td><td>Integer</td><td><em>Optional</em>. Identifier of the ephemeral message that will be replied to</td></tr>`
	}
	if release >= 3 {
		replyChat = `<tr><td>chat_id</td><td>Integer</td><td>Identifier of the chat of the message that will be replied to</td></tr>`
	}
	return `<!DOCTYPE html>
<html><head><title>Release Bot API</title></head><body>
<div id="dev_page_content">
<h3>Recent changes</h3>
<h4>June 1, 2031</h4>
<p><strong>Bot API 3.` + string(rune('0'+release)) + `</strong></p>
<ul><li>Added the method <a href="#editmessagetext">editMessageText</a>.</li></ul>
<h3>Available types</h3>
<h4>Update</h4>
<p>This object represents an incoming update. At most one of the optional parameters can be present in any given update.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>update_id</td><td>Integer</td><td>The update's unique identifier</td></tr>
<tr><td>message</td><td><a href="#message">Message</a></td><td><em>Optional</em>. New incoming message</td></tr>
<tr><td>edited_message</td><td><a href="#message">Message</a></td><td><em>Optional</em>. New version of a message that was edited</td></tr>
</tbody></table>
<h4>Chat</h4>
<p>This object represents a chat.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>id</td><td>Integer</td><td>Unique identifier for this chat</td></tr>
<tr><td>type</td><td>String</td><td>Type of the chat, can be either “private” or “group”</td></tr>
</tbody></table>
<h4>Message</h4>
<p>This object represents a message.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
<tr><td>message_id</td><td>Integer</td><td>Unique message identifier inside this chat</td></tr>
<tr><td>date</td><td>Integer</td><td>Date the message was sent in Unix time</td></tr>
<tr><td>chat</td><td><a href="#chat">Chat</a></td><td>Chat the message belongs to</td></tr>
<tr><td>text</td><td>String</td><td><em>Optional</em>. For text messages, the actual UTF-8 text of the message</td></tr>
</tbody></table>
<h4>ReplyParameters</h4>
<p>Describes reply parameters for the message that is being sent.</p>
<table class="table">
<thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody>
` + replyID + ephemeral + replyChat + `
<tr><td>quote</td><td>String</td><td><em>Optional</em>. Quoted part of the message to be replied to</td></tr>
</tbody></table>
<h3>Available methods</h3>
<h4>getUpdates</h4>
<p>Use this method to receive incoming updates using long polling. Returns an Array of <a href="#update">Update</a> objects.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>offset</td><td>Integer</td><td>Optional</td><td>Identifier of the first update to be returned</td></tr>
<tr><td>limit</td><td>Integer</td><td>Optional</td><td>Limits the number of updates to be retrieved. Values between 1-100 are accepted</td></tr>
<tr><td>timeout</td><td>Integer</td><td>Optional</td><td>Timeout in seconds for long polling</td></tr>
</tbody></table>
<h4>sendMessage</h4>
<p>Use this method to send text messages. On success, the sent <a href="#message">Message</a> is returned.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>chat_id</td><td>Integer or String</td><td>Yes</td><td>Unique identifier for the target chat or username of the target channel</td></tr>
<tr><td>text</td><td>String</td><td>Yes</td><td>Text of the message to be sent, 1-4096 characters after entities parsing</td></tr>
<tr><td>reply_parameters</td><td><a href="#replyparameters">ReplyParameters</a></td><td>Optional</td><td>Description of the message to reply to</td></tr>
</tbody></table>
<h4>editMessageText</h4>
<p>Use this method to edit text messages. On success, if the edited message is not an inline message, the edited <a href="#message">Message</a> is returned, otherwise <em>True</em> is returned.</p>
<table class="table">
<thead><tr><th>Parameter</th><th>Type</th><th>Required</th><th>Description</th></tr></thead>
<tbody>
<tr><td>chat_id</td><td>Integer or String</td><td>Optional</td><td>Required if inline_message_id is not specified. Unique identifier for the target chat</td></tr>
<tr><td>message_id</td><td>Integer</td><td>Optional</td><td>Required if inline_message_id is not specified. Identifier of the message to edit</td></tr>
<tr><td>inline_message_id</td><td>String</td><td>Optional</td><td>Required if chat_id and message_id are not specified. Identifier of the inline message</td></tr>
` + text + richMessage + `
</tbody></table>
</div></body></html>`
}

// releaseModel reads releasePage(release) and builds its Go model.
func releaseModel(t *testing.T, release int) (*schema.Schema, *gomodel.Model) {
	t.Helper()
	s, err := loader.FromSpec([]byte(releasePage(release)), "release.html", nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := pipeline.Model(s, "botapi")
	if err != nil {
		t.Fatal(err)
	}
	return s, m
}

// buildRelease generates every backend from releasePage(release) into a
// temporary module "release" (generatePage), writes test (a test file of
// the package) and runs it; run names the test function, which must pass.
func buildRelease(t *testing.T, release int, test, run string) {
	t.Helper()
	root := generatePage(t, []byte(releasePage(release)), "release.html", "release")
	writeFile(t, filepath.Join(root, "botapi", "release_test.go"), test)
	cmd := exec.Command("go", "test", "-count=1", "-v", "-run", "^"+run+"$", "./botapi")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+run) {
		t.Fatalf("release %d: %v\n%s", release, err, out)
	}
}

// Issue 42: at 10.1 editMessageText's text became "Required if
// rich_message is not specified" and EditMessageTextParams{Text: "x"}
// stopped compiling (string -> Opt[string]). A conditionally required
// field whose zero no one sends keeps the required field's type: the
// literal compiles at both releases, the JSON omits an empty text, and
// Validate refuses neither text nor rich_message and accepts either.
func TestConditionallyRequiredFieldKeepsTheRequiredType(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package: skipped in -short")
	}
	for _, release := range []int{1, 2} {
		_, m := releaseModel(t, release)
		if got := m.Method("editMessageText").Params.Field("text").Type.String(); got != "string" {
			t.Errorf("release %d: EditMessageTextParams.Text is %s, want string", release, got)
		}
	}
	buildRelease(t, 2, conditionalTextTest, "TestConditionalText")
}

const conditionalTextTest = `package botapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"release/botapi"
)

func TestConditionalText(t *testing.T) {
	chat := botapi.IntegerOrStringFromInteger(7)
	neither := &botapi.EditMessageTextParams{ChatID: chat, MessageID: 3}
	if err := neither.Validate(); err == nil || !strings.Contains(err.Error(), "text") {
		t.Errorf("neither text nor rich_message: %v, want an error naming text", err)
	}
	text := &botapi.EditMessageTextParams{ChatID: chat, MessageID: 3, Text: "x"}
	if err := text.Validate(); err != nil {
		t.Errorf("text alone: %v", err)
	}
	rich := &botapi.EditMessageTextParams{ChatID: chat, MessageID: 3, RichMessage: botapi.Some("r")}
	if err := rich.Validate(); err != nil {
		t.Errorf("rich_message alone (an empty text is unset, not too short): %v", err)
	}
	got, err := json.Marshal(rich)
	if want := ` + "`" + `{"chat_id":7,"message_id":3,"rich_message":"r"}` + "`" + `; err != nil || string(got) != want {
		t.Errorf("rich_message alone encodes as %s, %v; want %s", got, err, want)
	}
	var back botapi.EditMessageTextParams
	if err := json.Unmarshal(got, &back); err != nil || back.Text != "" || back.RichMessage.Value() != "r" {
		t.Errorf("decoded %+v, %v", back, err)
	}
	long := &botapi.EditMessageTextParams{ChatID: chat, MessageID: 3, Text: strings.Repeat("x", 4097)}
	if err := long.Validate(); err == nil {
		t.Error("a text of 4097 characters passed")
	}
}
`

// Issue 42: at 10.2 ReplyParameters.message_id became "Required if
// ephemeral_message_id isn't specified": the reply builders were derived
// from "exactly one required field", so every ReplyToMessage vanished and
// m.Reply silently stopped quoting. They are derived from what stays true
// (a message_id field, no other field required unconditionally): at both
// releases ReplyToMessage exists and Reply quotes.
func TestReplyQuotesWhenTheIdentifierIsRequiredUnderACondition(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package: skipped in -short")
	}
	for _, release := range []int{1, 2} {
		_, m := releaseModel(t, release)
		if len(m.Warnings) > 0 {
			t.Errorf("release %d: warnings %v", release, m.Warnings)
		}
		buildRelease(t, release, replyQuotesTest, "TestReplyQuotes")
	}
}

const replyQuotesTest = `package botapi_test

import (
	"context"
	"encoding/json"
	"testing"

	"release/botapi"
)

func TestReplyQuotes(t *testing.T) {
	var m botapi.Message
	if err := json.Unmarshal([]byte(` + "`" + `{"message_id":3,"date":1,"chat":{"id":7,"type":"private"}}` + "`" + `), &m); err != nil {
		t.Fatal(err)
	}
	want := ` + "`" + `{"chat_id":7,"text":"x","reply_parameters":{"message_id":3}}` + "`" + `
	got, err := json.Marshal((&botapi.SendMessageParams{Text: "x"}).ReplyToMessage(&m))
	if err != nil || string(got) != want {
		t.Errorf("ReplyToMessage: %s, %v; want %s", got, err, want)
	}
	p := &botapi.SendMessageParams{Text: "x"}
	_ = m.Reply(context.Background(), p) // outside a handler: fills, then fails to send
	if got, err := json.Marshal(p); err != nil || string(got) != want {
		t.Errorf("Reply filled %s, %v; want %s", got, err, want)
	}
}
`

// Issue 42: a helper the model can no longer derive is a warning at
// generation, never a silent change: at release 3 ReplyParameters
// requires chat_id too, so a reply cannot be made from the message
// alone; Reply still sends to the message's chat, and the warning names
// the helper, the parameter and why.
func TestReplyThatCannotQuoteIsAWarning(t *testing.T) {
	_, m := releaseModel(t, 3)
	if len(m.Warnings) != 1 {
		t.Fatalf("warnings %v, want one", m.Warnings)
	}
	w := m.Warnings[0].String()
	for _, part := range []string{"Message.Reply", "reply_parameters", "requires chat_id", "sendMessage"} {
		if !strings.Contains(w, part) {
			t.Errorf("warning %q does not say %q", w, part)
		}
	}
	if r := m.Object("Message").Referent; len(r.Reply.Fills) == 0 {
		t.Error("Reply no longer sends to the message's chat")
	}
}

// Issue 42: the Go comparison of releases 1 and 2 (apigen diff's "Go code
// that breaks") finds nothing the page did not change: the conditional
// wording keeps every type, and the reply builders stay.
func TestConditionalWordingBreaksNoGoCode(t *testing.T) {
	olds, oldm := releaseModel(t, 1)
	news, newm := releaseModel(t, 2)
	changes := schemadiff.CompareGo(oldm, newm, schemadiff.Compare(olds, news, "1", "2"))
	for _, c := range changes {
		t.Errorf("%s %s: %q -> %q (%s, %s)", c.Op.Sign(), c.Name, c.Old, c.New, c.Cause, c.Origin)
	}
}
