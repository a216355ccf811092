package terminal_test

import (
	"testing"
)

func TestProgramQuitsOnQOrEscAndSaysSo(t *testing.T) {
	for _, tt := range []struct{ name, key string }{{"q", "q"}, {"esc", "\x1b"}} {
		t.Run(tt.name, func(t *testing.T) {
			tm := runOnTerminal(t, counterApp{})
			tm.waitFor("q/esc quit")
			tm.waitFor("tab/shift+tab focus")
			tm.typeRaw(tt.key)
			if err := tm.exit(); err != nil {
				t.Fatalf("Run after %s = %v, want nil", tt.name, err)
			}
		})
	}
}

func TestProgramQuestionMarkTogglesTheFullHelp(t *testing.T) {
	tm := runOnTerminal(t, counterApp{})
	tm.waitFor("? more")
	tm.typeRaw("?")
	tm.waitFor("shift+tab previous widget")
	tm.waitFor("close help")
	tm.typeRaw("?")
	tm.waitFor("? more")
	// The count is still drawn: the full help takes lines from the bottom.
	tm.waitFor("count: 0")
	tm.typeRaw("\x03")
	if err := tm.exit(); err != nil {
		t.Fatalf("Run = %v", err)
	}
}
