package convert

import (
	"unicode"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/tea"
)

// namedKeys maps Bubble Tea's key codes to Facet's named keys.
var namedKeys = map[rune]tea.KeyCode{
	bt.KeyEnter: tea.KeyEnter, bt.KeyTab: tea.KeyTab, bt.KeyEscape: tea.KeyEscape,
	bt.KeyBackspace: tea.KeyBackspace, bt.KeyDelete: tea.KeyDelete, bt.KeyInsert: tea.KeyInsert,
	bt.KeySpace: tea.KeySpace, bt.KeyUp: tea.KeyUp, bt.KeyDown: tea.KeyDown,
	bt.KeyLeft: tea.KeyLeft, bt.KeyRight: tea.KeyRight, bt.KeyHome: tea.KeyHome,
	bt.KeyEnd: tea.KeyEnd, bt.KeyPgUp: tea.KeyPgUp, bt.KeyPgDown: tea.KeyPgDown,
	bt.KeyF1: tea.KeyF1, bt.KeyF2: tea.KeyF2, bt.KeyF3: tea.KeyF3, bt.KeyF4: tea.KeyF4,
	bt.KeyF5: tea.KeyF5, bt.KeyF6: tea.KeyF6, bt.KeyF7: tea.KeyF7, bt.KeyF8: tea.KeyF8,
	bt.KeyF9: tea.KeyF9, bt.KeyF10: tea.KeyF10, bt.KeyF11: tea.KeyF11, bt.KeyF12: tea.KeyF12,
	bt.KeyKpEnter: tea.KeyEnter,
}

// bubbleCodes maps Facet's named keys to Bubble Tea's key codes.
var bubbleCodes = func() map[tea.KeyCode]rune {
	m := make(map[tea.KeyCode]rune, len(namedKeys))
	for code, key := range namedKeys {
		if code != bt.KeyKpEnter {
			m[key] = code
		}
	}
	return m
}()

// unnamedMods are modifiers a Facet key cannot carry. A key pressed with one
// (cmd+c on a Mac) is not its bare character, so it is dropped rather than
// typed.
const unnamedMods = bt.ModSuper | bt.ModMeta | bt.ModHyper

// FromKey turns a Bubble Tea key press into Facet keys: one for a key, one
// per character for a key that typed several (an IME or a paste), none for
// a key Facet has no name for (caps lock, media keys) or pressed with
// super, meta or hyper. Lock modifiers (caps, num, scroll lock) are
// ignored. Each key's String is Bubble Tea's spelling of the press.
func FromKey(k bt.Key) []tea.Key {
	if k.Mod&unnamedMods != 0 {
		return nil
	}
	mods := func(key tea.Key) tea.Key {
		key.Ctrl = k.Mod.Contains(bt.ModCtrl)
		key.Alt = k.Mod.Contains(bt.ModAlt)
		key.Shift = k.Mod.Contains(bt.ModShift)
		return key
	}
	if code, ok := namedKeys[k.Code]; ok {
		key := tea.Named(code)
		if code == tea.KeySpace {
			key.Rune = ' '
		}
		return []tea.Key{mods(key)}
	}
	if k.Text != "" {
		var out []tea.Key
		for _, r := range k.Text {
			out = append(out, mods(tea.Char(r)))
		}
		return out
	}
	// Codes past unicode.MaxRune are keys without a Facet name; control
	// characters arrive as their letter with ctrl held.
	if k.Code > unicode.MaxRune || k.Code < 0x20 || k.Code == 0x7f {
		return nil
	}
	return []tea.Key{mods(tea.Char(k.Code))}
}

// ToKey turns a Facet key into the Bubble Tea key press a terminal would
// have sent: a printable character carries its Text (what bubbles'
// textinput types), a key with ctrl or alt held carries none, and String
// spells it as Facet does ("ctrl+c", "shift+tab", "A"), so key.Binding
// matches it the same way in both worlds: FromKey(ToKey(k)) spells k.
func ToKey(k tea.Key) bt.Key {
	var mod bt.KeyMod
	if k.Ctrl {
		mod |= bt.ModCtrl
	}
	if k.Alt {
		mod |= bt.ModAlt
	}
	if k.Shift {
		mod |= bt.ModShift
	}
	if k.Code == tea.KeyRune {
		out := bt.Key{Code: k.Rune, Mod: mod}
		if text := k.Text(); text != "" {
			out.Text = text
			if unicode.IsUpper(k.Rune) {
				// As a terminal reports shift+a: the unshifted code, the
				// shifted one and the text typed.
				out.Code, out.ShiftedCode, out.Mod = unicode.ToLower(k.Rune), k.Rune, mod|bt.ModShift
			}
		}
		return out
	}
	out := bt.Key{Code: bubbleCodes[k.Code], Mod: mod}
	if k.Code == tea.KeySpace && !k.Ctrl && !k.Alt {
		out.Text = " "
	}
	return out
}
