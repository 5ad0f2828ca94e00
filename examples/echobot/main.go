package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/apigen/apigen/examples/echobot/botapi"
)

// reply returns the message that echoes an update's text back to its chat,
// or false when the update carries no text message.
func reply(u *botapi.Update) (*botapi.SendMessageParams, bool) {
	m := u.Message
	if m == nil {
		return nil, false
	}
	text, ok := m.Text.Get()
	if !ok || text == "" {
		return nil, false
	}
	p := &botapi.SendMessageParams{
		ChatID: botapi.ChatRefFromInteger64(m.Chat.ID),
		Text:   text,
	}
	p.ReplyToMessageID = botapi.Some(m.MessageID)
	return p, true
}

// echo reads one JSON Update per line and writes, for each text message,
// the JSON body of the sendMessage call that echoes it.
func echo(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var u botapi.Update
		if err := u.UnmarshalJSON(sc.Bytes()); err != nil {
			return fmt.Errorf("update: %w", err)
		}
		p, ok := reply(&u)
		if !ok {
			continue
		}
		body, err := p.MarshalJSON()
		if err != nil {
			return fmt.Errorf("sendMessage: %w", err)
		}
		fmt.Fprintf(out, "%s\n", body)
	}
	return sc.Err()
}

func main() {
	if err := echo(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "echobot:", err)
		os.Exit(1)
	}
}
