package widgets_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/widgets"
)

// keyMaps are every widget's default key map.
var keyMaps = map[string]any{
	"DefaultButtonKeyMap":     widgets.DefaultButtonKeyMap(),
	"DefaultCheckboxKeyMap":   widgets.DefaultCheckboxKeyMap(),
	"DefaultTextInputKeyMap":  widgets.DefaultTextInputKeyMap(),
	"DefaultTextAreaKeyMap":   widgets.DefaultTextAreaKeyMap(),
	"DefaultSelectListKeyMap": widgets.DefaultSelectListKeyMap(),
	"DefaultModalKeyMap":      widgets.DefaultModalKeyMap(),
	"DefaultMenuKeyMap":       widgets.DefaultMenuKeyMap(),
	"DefaultTableKeyMap":      widgets.DefaultTableKeyMap(),
	"DefaultTreeKeyMap":       widgets.DefaultTreeKeyMap(),
	"DefaultScrubberKeyMap":   widgets.DefaultScrubberKeyMap(),
	"DefaultTabsKeyMap":       widgets.DefaultTabsKeyMap(),
	"DefaultViewportKeyMap":   widgets.DefaultViewportKeyMap(),
}

// keySpellings are how the help line spells the keys it does not spell as
// Bubble Tea names them.
var keySpellings = map[string]string{
	"up": "↑", "down": "↓", "left": "←", "right": "→", "pgdown": "pgdn", "delete": "del",
}

// spell is how the help line spells one key: modifiers as Bubble Tea names
// them, the key after them from keySpellings ("alt+left" is "alt+←").
func spell(k string) string {
	mods, base := "", k
	if i := strings.LastIndex(k, "+"); i > 0 && i < len(k)-1 {
		mods, base = k[:i+1], k[i+1:]
	}
	if s, ok := keySpellings[base]; ok {
		base = s
	}
	return mods + base
}

// helpKey is the one spelling of a binding's keys on the help line: its
// first key, then every other key that is one character (the vim keys, a
// letter for yes or no), spelled and joined by "/": "↑/k", "esc/n", ">/]";
// other aliases go unnamed ("enter" for enter and space, "home" for home
// and ctrl+a, "ctrl+w" for ctrl+w and alt+backspace).
func helpKey(keys []string) string {
	var parts []string
	for i, k := range keys {
		if i == 0 || utf8.RuneCountInString(k) == 1 {
			parts = append(parts, spell(k))
		}
	}
	return strings.Join(parts, "/")
}

// bindings lists the key.Bindings of a key map, those of embedded key maps
// (EditKeyMap) included, by field name.
func bindings(km any) map[string]key.Binding {
	out := map[string]key.Binding{}
	v := reflect.ValueOf(km)
	for i := range v.NumField() {
		f, fv := v.Type().Field(i), v.Field(i)
		switch b := fv.Interface().(type) {
		case key.Binding:
			out[f.Name] = b
		default:
			if f.Anonymous {
				for name, b := range bindings(b) {
					out[f.Name+"."+name] = b
				}
			}
		}
	}
	return out
}

// Every binding of every widget spells its keys one way on the help line:
// "pgdn page down" everywhere, never "pgdown page down", and "↑/k up"
// wherever up moves up (every list binds k too).
func TestHelpLabelsSpellEveryKeyOneWay(t *testing.T) {
	for name, km := range keyMaps {
		for field, b := range bindings(km) {
			if got, want := b.Help().Key, helpKey(b.Keys()); got != want {
				t.Errorf("%s().%s: help key %q for keys %q, want %q", name, field, got, b.Keys(), want)
			}
			if b.Help().Desc == "" {
				t.Errorf("%s().%s: no help text", name, field)
			}
		}
	}
	// The same keys do the same kind of thing under the same label: every
	// widget that moves up and down binds k and j too.
	for name, km := range keyMaps {
		for field, b := range bindings(km) {
			if keys := b.Keys(); (field == "Up" || field == "Down") && name != "DefaultTextAreaKeyMap" && len(keys) < 2 {
				t.Errorf("%s().%s binds %q only, without its vim key", name, field, keys)
			}
		}
	}
}

// keyMaps lists every Default...KeyMap the package declares.
func TestHelpLabelsCoverEveryKeyMap(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if ok && fn.Recv == nil && ast.IsExported(fn.Name.Name) && strings.HasPrefix(fn.Name.Name, "Default") && strings.HasSuffix(fn.Name.Name, "KeyMap") {
				if _, listed := keyMaps[fn.Name.Name]; !listed {
					t.Errorf("%s (%s) is not in keyMaps", fn.Name.Name, name)
				}
			}
		}
	}
}
