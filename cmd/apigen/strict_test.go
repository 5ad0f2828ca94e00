package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// alikePage is a page fragment, written for this test, with a union whose
// two variants have the same fields: JSON cannot tell them apart.
const alikePage = `<!DOCTYPE html><html><body><h1>Alike Bot API</h1><div id="dev_page_content">
<h3>Recent changes</h3><h4>May 1, 2030</h4><p><strong>Bot API 1.0</strong></p>
<ul><li>Made everything faster.</li></ul>
<h3>Available types</h3>
<h4>Either</h4><p>Something. It can be one of</p>
<ul><li><a href="#onething">OneThing</a></li><li><a href="#otherthing">OtherThing</a></li></ul>
<h4>OneThing</h4><p>One.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody><tr><td>value</td><td>String</td><td>The value</td></tr></tbody></table>
<h4>OtherThing</h4><p>Other.</p>
<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead>
<tbody><tr><td>value</td><td>String</td><td>The value</td></tr></tbody></table>
<h3>Available methods</h3><h4>getEither</h4><p>Returns an <a href="#either">Either</a> object.</p>
</div></body></html>`

// TestUndistinguishableUnionDegradesAndStrictRefuses is the defect where a
// published page with one union JSON cannot tell apart was refused whole,
// with advice for the seed's Notes cells. Now the page reads with one
// warning line naming the union and its heading, --report lists it, and
// --strict (for CI) fails on it.
func TestUndistinguishableUnionDegradesAndStrictRefuses(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "alike.html")
	if err := os.WriteFile(spec, []byte(alikePage), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("parse", "--spec", spec, "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "degraded:") {
		t.Errorf("the schema does not record the degraded union:\n%s", out)
	}
	var warnings []string
	for _, l := range strings.Split(errs, "\n") {
		if strings.HasPrefix(l, "apigen: warning: ") {
			warnings = append(warnings, l)
		}
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "union Either (Available types / Either)") || !strings.Contains(warnings[0], "alike.html:") {
		t.Errorf("want one warning line naming union Either, its heading and line:\n%s", errs)
	}
	if strings.Contains(errs, "Notes cell") {
		t.Errorf("advice for the seed layout given for a page:\n%s", errs)
	}
	code, _, errs = runCLI("parse", "--spec", spec, "--report", "-o", "-")
	if code != 0 || !strings.Contains(errs, "degraded with a warning: 1 constructs") || !strings.Contains(errs, "union Either") {
		t.Errorf("--report: exit %d, stderr:\n%s", code, errs)
	}
	for _, cmd := range [][]string{
		{"parse", "--strict", "--spec", spec, "-o", "-"},
		{"generate", "--strict", "--spec", spec, "--out", filepath.Join(dir, "botapi"), "--docs", "none", "--openapi", "none", "--schema-out", "none"},
	} {
		code, _, errs = runCLI(cmd...)
		if code == 0 || !strings.Contains(errs, "union Either") || !strings.Contains(errs, "--strict") {
			t.Errorf("%s --strict: exit %d, stderr:\n%s", cmd[0], code, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "botapi")); err == nil {
		t.Error("generate --strict wrote the package")
	}
	// The warning's overlay line settles it: with it, --strict passes.
	if !strings.Contains(errs, "{target: OneThing.value, always:") {
		t.Fatalf("no overlay line in the advice:\n%s", errs)
	}
	ov := filepath.Join(dir, "overlay.yaml")
	if err := os.WriteFile(ov, []byte("document: Alike Bot API\nversions: [\"1.0\"]\nentries:\n  - {target: OneThing.value, always: '\"one\"', reason: the test says so}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI("parse", "--strict", "--spec", spec, "--overlay", ov, "-o", "-")
	if code != 0 || strings.Contains(errs, "warning") || strings.Contains(out, "degraded:") || !strings.Contains(out, `const: {field: value, json: '"one"'}`) {
		t.Errorf("with the overlay: exit %d, stderr:\n%s\nschema:\n%s", code, errs, out)
	}
}

// TestStrictRefusesEveryWarningNotOnlyUnions is the defect where
// `apigen --strict` refused only over a union's Degraded, so a warning of
// another kind passed it. Here the one warning is an object's (an untabled
// entry whose list names something that is no entry): the warning line is
// printed, and --strict refuses it, saying why.
func TestStrictRefusesEveryWarningNotOnlyUnions(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "odd.html")
	odd := strings.Replace(alikePage, "Something. It can be one of", "Things we keep:", 1)
	odd = strings.Replace(odd, `<li><a href="#otherthing">OtherThing</a></li>`, `<li><a href="#otherthing">OtherThing</a></li><li>a thing of another kind</li>`, 1)
	if err := os.WriteFile(spec, []byte(odd), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("parse", "--spec", spec, "-o", "-")
	if code != 0 || !strings.Contains(errs, "apigen: warning: ") || !strings.Contains(errs, "object Either (Available types / Either)") {
		t.Fatalf("exit %d, want 0 and a warning naming object Either; stderr:\n%s", code, errs)
	}
	code, _, errs = runCLI("parse", "--strict", "--spec", spec, "-o", "-")
	if code == 0 || !strings.Contains(errs, "object Either") || !strings.Contains(errs, "refused under --strict") {
		t.Errorf("--strict: exit %d, want the page refused for object Either; stderr:\n%s", code, errs)
	}
}

// replyNoQuoteSchema: a reply to a message cannot quote it, for reply
// parameters require a chat_id besides its message_id.
const replyNoQuoteSchema = `title: T
version: "1"
source: t.md
objects:
  - name: Update
    fields:
      - {name: update_id, type: Integer, required: true}
      - {name: message, type: Message, required: false}
      - {name: edited_message, type: Message, required: false}
    rules:
      - {kind: at_most_one, fields: [message, edited_message], text: "At most one"}
  - name: Chat
    fields:
      - {name: id, type: Integer64, required: true}
  - name: Message
    fields:
      - {name: message_id, type: Integer, required: true}
      - {name: chat, type: Chat, required: true}
  - name: ReplyParameters
    fields:
      - {name: message_id, type: Integer, required: true}
      - {name: chat_id, type: Integer64, required: true}
methods:
  - name: getUpdates
    group: g
    returns: Array of Update
    params:
      - {name: offset, type: Integer, required: false}
      - {name: timeout, type: Integer, required: false}
  - name: sendMessage
    group: g
    returns: Message
    params:
      - {name: chat_id, type: Integer64, required: true}
      - {name: text, type: String, required: true}
      - {name: reply_parameters, type: ReplyParameters, required: false}
`

// Issue 42: a bot-library helper the model cannot derive (a reply that
// cannot quote) is one warning line at generation, and --strict refuses
// it: never a silent change of what Reply does.
func TestGenerateWarnsWhenReplyCannotQuote(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("s.yaml", []byte(replyNoQuoteSchema), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCLI("generate", "--schema", "s.yaml", "--out", "pkg", "--docs", "none", "--openapi", "none")
	if code != 0 || strings.Count(errs, "apigen: warning: ") != 1 || !strings.Contains(errs, "helper Message.Reply") || !strings.Contains(errs, "ReplyParameters requires chat_id besides message_id") {
		t.Errorf("generate: exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI("generate", "--strict", "--schema", "s.yaml", "--out", "strict", "--docs", "none", "--openapi", "none")
	if code == 0 || !strings.Contains(errs, "refused under --strict") {
		t.Errorf("generate --strict: exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat("strict"); err == nil {
		t.Error("generate --strict wrote the package it refused")
	}
}
