package convert

import (
	"testing"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/tea"
)

func TestMessagesBothWorldsShareConvertBothWays(t *testing.T) {
	tests := []struct {
		name  string
		facet tea.Msg
		bt    bt.Msg
	}{
		{"key", tea.KeyMsg{Key: tea.Char('q')}, bt.KeyPressMsg{Code: 'q', Text: "q"}},
		{"window size", tea.WindowSizeMsg{Width: 80, Height: 24}, bt.WindowSizeMsg{Width: 80, Height: 24}},
		{"quit", tea.QuitMsg{}, bt.QuitMsg{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := ToMsg(tt.facet)
			if !ok || got != tt.bt {
				t.Fatalf("ToMsg(%#v) = %#v, %v; want %#v", tt.facet, got, ok, tt.bt)
			}
			back, ok := FromMsg(tt.bt)
			if !ok || len(back) != 1 || back[0] != tt.facet {
				t.Fatalf("FromMsg(%#v) = %#v, %v; want %#v", tt.bt, back, ok, tt.facet)
			}
		})
	}
	if _, ok := ToMsg("an app's own message"); ok {
		t.Error("ToMsg converted a message Bubble Tea has no meaning for")
	}
	if _, ok := FromMsg(bt.FocusMsg{}); ok {
		t.Error("FromMsg converted a message Facet has no meaning for")
	}
}

func TestFromMsgSplitsATypedStringIntoKeys(t *testing.T) {
	got, ok := FromMsg(bt.KeyPressMsg{Code: bt.KeyExtended, Text: "hé"})
	if !ok || len(got) != 2 || got[0] != (tea.KeyMsg{Key: tea.Char('h')}) || got[1] != (tea.KeyMsg{Key: tea.Char('é')}) {
		t.Fatalf("FromMsg(hé) = %#v", got)
	}
}
