package convert

import (
	"testing"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/tea"
)

func TestFromKeySpellsKeysAsBubbleTeaDoes(t *testing.T) {
	tests := []struct {
		name string
		in   bt.Key
	}{
		{"enter", bt.Key{Code: bt.KeyEnter}},
		{"tab", bt.Key{Code: bt.KeyTab}},
		{"shift+tab", bt.Key{Code: bt.KeyTab, Mod: bt.ModShift}},
		{"esc", bt.Key{Code: bt.KeyEscape}},
		{"backspace", bt.Key{Code: bt.KeyBackspace}},
		{"delete", bt.Key{Code: bt.KeyDelete}},
		{"insert", bt.Key{Code: bt.KeyInsert}},
		{"space", bt.Key{Code: bt.KeySpace, Text: " "}},
		{"up", bt.Key{Code: bt.KeyUp}},
		{"down", bt.Key{Code: bt.KeyDown}},
		{"left", bt.Key{Code: bt.KeyLeft}},
		{"right", bt.Key{Code: bt.KeyRight}},
		{"home", bt.Key{Code: bt.KeyHome}},
		{"end", bt.Key{Code: bt.KeyEnd}},
		{"pgup", bt.Key{Code: bt.KeyPgUp}},
		{"pgdown", bt.Key{Code: bt.KeyPgDown}},
		{"f1", bt.Key{Code: bt.KeyF1}},
		{"f12", bt.Key{Code: bt.KeyF12}},
		{"a", bt.Key{Code: 'a', Text: "a"}},
		{"A", bt.Key{Code: 'a', ShiftedCode: 'A', Text: "A", Mod: bt.ModShift}},
		{"ctrl+c", bt.Key{Code: 'c', Mod: bt.ModCtrl}},
		{"alt+x", bt.Key{Code: 'x', Mod: bt.ModAlt}},
		{"ctrl+shift+up", bt.Key{Code: bt.KeyUp, Mod: bt.ModCtrl | bt.ModShift}},
		{"é", bt.Key{Code: 'é', Text: "é"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if s := tt.in.String(); s != tt.name {
				t.Fatalf("test case: Bubble Tea spells it %q", s)
			}
			got := FromKey(tt.in)
			if len(got) != 1 {
				t.Fatalf("FromKey = %v, want one key", got)
			}
			if got[0].String() != tt.in.String() {
				t.Fatalf("Facet spells %q, Bubble Tea %q", got[0].String(), tt.in.String())
			}
			parsed, err := tea.ParseKey(tt.name)
			if err != nil || parsed.String() != got[0].String() {
				t.Fatalf("ParseKey(%q) = %+v, %v; converted %+v", tt.name, parsed, err, got[0])
			}
		})
	}
}

func TestFromKeySplitsTextAndDropsUnnamedKeys(t *testing.T) {
	got := FromKey(bt.Key{Code: bt.KeyExtended, Text: "hé"})
	if len(got) != 2 || got[0] != tea.Char('h') || got[1] != tea.Char('é') {
		t.Fatalf("multi-rune text = %+v", got)
	}
	if got := FromKey(bt.Key{Code: bt.KeyCapsLock}); got != nil {
		t.Fatalf("caps lock = %+v, want nothing", got)
	}
}

func TestFromKeyDropsKeysWithSuperMetaOrHyper(t *testing.T) {
	for _, mod := range []bt.KeyMod{bt.ModSuper, bt.ModMeta, bt.ModHyper, bt.ModSuper | bt.ModShift} {
		if got := FromKey(bt.Key{Code: 'c', Text: "c", Mod: mod}); got != nil {
			t.Errorf("FromKey(c with %v) = %+v, want nothing: the bare rune is not what was pressed", mod, got)
		}
		if got := FromKey(bt.Key{Code: bt.KeyEnter, Mod: mod}); got != nil {
			t.Errorf("FromKey(enter with %v) = %+v, want nothing", mod, got)
		}
	}
	// Lock keys change nothing.
	if got := FromKey(bt.Key{Code: 'a', Text: "A", Mod: bt.ModCapsLock}); len(got) != 1 || got[0] != tea.Char('A') {
		t.Errorf("FromKey(a with caps lock) = %+v, want A", got)
	}
	if got := FromKey(bt.Key{Code: 'c', Mod: bt.ModCtrl | bt.ModNumLock}); len(got) != 1 || got[0].String() != "ctrl+c" {
		t.Errorf("FromKey(ctrl+c with num lock) = %+v, want ctrl+c", got)
	}
}
