package convert

import (
	"testing"

	"charm.land/bubbles/v2/key"
	"pgregory.net/rapid"

	"github.com/facetui/facet/tea"
)

func TestToKeySpellsTheKeyAsFacetDoes(t *testing.T) {
	for _, name := range []string{"enter", "tab", "shift+tab", "esc", "backspace", "space", "up", "pgdown",
		"f5", "a", "A", "é", "ctrl+c", "alt+b", "ctrl+alt+x", "ctrl+shift+up", "?"} {
		t.Run(name, func(t *testing.T) {
			k, err := tea.ParseKey(name)
			if err != nil {
				t.Fatal(err)
			}
			got := ToKey(k)
			if got.String() != k.String() {
				t.Fatalf("Bubble Tea spells ToKey(%s) %q", k, got.String())
			}
			if !key.Matches(got, key.NewBinding(key.WithKeys(k.String()))) {
				t.Fatalf("a key.Binding for %q does not match ToKey's key", k)
			}
			if back := FromKey(got); len(back) != 1 || back[0].String() != k.String() {
				t.Fatalf("FromKey(ToKey(%s)) = %v", k, back)
			}
		})
	}
}

func TestToKeyCarriesTextOnlyForTypedCharacters(t *testing.T) {
	tests := []struct {
		key  tea.Key
		text string
	}{
		{tea.Char('x'), "x"},
		{tea.Char(' '), " "},
		{tea.Key{Rune: 'x', Ctrl: true}, ""},
		{tea.Key{Rune: 'x', Alt: true}, ""},
		{tea.Named(tea.KeyEnter), ""},
	}
	for _, tt := range tests {
		if got := ToKey(tt.key).Text; got != tt.text {
			t.Errorf("ToKey(%s).Text = %q, want %q", tt.key, got, tt.text)
		}
	}
}

func TestFromKeyOfToKeyKeepsEveryParsableKey(t *testing.T) {
	names := append(tea.KeyNames(), "a", "Z", "7", "é", "世", "/")
	rapid.Check(t, func(t *rapid.T) {
		name := rapid.SampledFrom(names).Draw(t, "key")
		for _, mod := range []string{"ctrl", "alt", "shift"} {
			if rapid.Bool().Draw(t, mod) {
				name = mod + "+" + name
			}
		}
		k, err := tea.ParseKey(name)
		if err != nil {
			t.Skip(err)
		}
		back := FromKey(ToKey(k))
		if len(back) != 1 || back[0].String() != k.String() {
			t.Fatalf("FromKey(ToKey(%q)) = %v, want %s", name, back, k)
		}
	})
}
