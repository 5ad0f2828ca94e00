package main

import (
	"regexp"
	"testing"

	"github.com/apigen/apigen/emulator/chatwindow/windowtest"
)

// Issue 43: the chat window's scripted browser session at the newest
// published page: the program `apigen emulator --spec PAGE` builds
// prints the window's URL and serves the window in that version's shapes.
func TestChatWindowAtNewestPage(t *testing.T) {
	bin := emulatorAt(t, "bot-api-9.0.html.gz")
	got := startProgramPrinting(t, bin, []*regexp.Regexp{regexp.MustCompile(`chat window: (http://\S+)`)},
		"-listen", "127.0.0.1:0", "-control-token", "window90")
	windowtest.Run(t, windowtest.Options{Base: got[0], Login: got[1], Control: "window90"})
}
