// Command procbench is the whole-process figure: it decodes N getUpdates
// responses of 100 updates each and encodes one sendMessage body per update
// (a reply to the update's chat), with one library, then exits.
// TestProcBench (make procbench) runs it for each library in interleaved
// rounds and reads wall time, CPU and maximum RSS from its rusage.
//
//	go run ./procbench -lib apigen|telego [-n 1000] [-fixtures testdata]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	gojson "github.com/grbit/go-json"
	"github.com/mymmrac/telego"
	"github.com/mymmrac/telego/telegoapi"

	"github.com/apigen/apigen/generated/botapi"
)

func main() {
	lib := flag.String("lib", "apigen", "apigen or telego")
	n := flag.Int("n", 1000, "getUpdates responses to decode")
	dir := flag.String("fixtures", "testdata", "directory with the update fixtures")
	flag.Parse()
	body, err := getUpdatesBody(*dir, 100)
	if err != nil {
		fmt.Fprintln(os.Stderr, "procbench:", err)
		os.Exit(1)
	}
	var run func([]byte) (int, int, error)
	switch *lib {
	case "apigen":
		run = runApigen
	case "telego":
		run = runTelego
	default:
		fmt.Fprintln(os.Stderr, "procbench: -lib apigen or telego")
		os.Exit(2)
	}
	updates, out := 0, 0
	for i := 0; i < *n; i++ {
		// A fresh copy per response, as a network read would give.
		u, o, err := run(bytes.Clone(body))
		if err != nil {
			fmt.Fprintln(os.Stderr, "procbench:", err)
			os.Exit(1)
		}
		updates += u
		out += o
	}
	fmt.Printf("%s: %d responses, %d updates, %d bytes of sendMessage bodies\n", *lib, *n, updates, out)
}

func runApigen(body []byte) (int, int, error) {
	var ups []botapi.Update
	st, err := botapi.UnmarshalResponseArray(body, &ups)
	if err != nil || !st.OK {
		return 0, 0, fmt.Errorf("decode: %v %+v", err, st)
	}
	out := 0
	for i := range ups {
		u := &ups[i]
		var chat int64
		var text string
		var reply int64
		switch {
		case u.Message != nil:
			chat, text, reply = u.Message.Chat.ID, u.Message.Text.Or(u.Message.Caption.Value()), u.Message.MessageID
		case u.CallbackQuery != nil:
			chat, text = u.CallbackQuery.From.ID, u.CallbackQuery.Data.Value()
		}
		p := botapi.SendMessageParams{ChatID: botapi.ChatRefFromInteger64(chat), Text: "echo: " + text,
			ParseMode: botapi.Some(botapi.ParseModeHTML)}
		if reply != 0 {
			p.ReplyToMessageID = botapi.Some(reply)
		}
		b, err := p.MarshalJSON()
		if err != nil {
			return 0, 0, err
		}
		out += len(b)
	}
	return len(ups), out, nil
}

func runTelego(body []byte) (int, int, error) {
	var resp telegoapi.Response
	if err := gojson.Unmarshal(body, &resp); err != nil || !resp.Ok {
		return 0, 0, fmt.Errorf("decode: %v", err)
	}
	var ups []telego.Update
	if err := gojson.Unmarshal(resp.Result, &ups); err != nil {
		return 0, 0, err
	}
	out := 0
	for i := range ups {
		u := &ups[i]
		var chat int64
		var text string
		var reply int
		switch {
		case u.Message != nil:
			chat, reply = u.Message.Chat.ID, u.Message.MessageID
			text = u.Message.Text
			if text == "" {
				text = u.Message.Caption
			}
		case u.CallbackQuery != nil:
			chat, text = u.CallbackQuery.From.ID, u.CallbackQuery.Data
		}
		p := telego.SendMessageParams{ChatID: telego.ChatID{ID: chat}, Text: "echo: " + text, ParseMode: "HTML"}
		if reply != 0 {
			p.ReplyParameters = &telego.ReplyParameters{MessageID: reply}
		}
		b, err := gojson.Marshal(&p)
		if err != nil {
			return 0, 0, err
		}
		out += len(b)
	}
	return len(ups), out, nil
}

// getUpdatesBody is the same response the benchmarks decode: n updates
// cycling through the message, photo and callback fixtures.
func getUpdatesBody(dir string, n int) ([]byte, error) {
	var kinds [][]byte
	for _, name := range []string{"message_update.json", "photo_update.json", "callback_update.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		kinds = append(kinds, bytes.TrimSpace(b))
	}
	var b bytes.Buffer
	b.WriteString(`{"ok":true,"result":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(kinds[i%3], &m); err != nil {
			return nil, err
		}
		m["update_id"] = json.RawMessage(strconv.Itoa(900000000 + i))
		one, _ := json.Marshal(m)
		b.Write(one)
	}
	b.WriteString(`]}`)
	return b.Bytes(), nil
}
