package mcp

import (
	"encoding/json"
	"testing"

	"pgregory.net/rapid"

	"github.com/facetui/facet/tea"
)

// TestWriteResultJSONIsJSONMarshals: any write's answer, with widgets
// whose states hold the kinds written by hand and others (numbers of
// other types, maps, a value encoding/json cannot encode), strings that
// need escaping, nil and empty lists and notifications, is encoded byte for
// byte as json.Marshal encodes it, and fails where it fails.
func TestWriteResultJSONIsJSONMarshals(t *testing.T) {
	text := rapid.SampledFrom([]string{"", "a", "<b>&", "line\nbreak", "q\"uote\\", "\u2028", "\xff", "é世", "\x01"})
	strs := rapid.OneOf(rapid.Just[[]string](nil), rapid.SliceOfN(text, 0, 3))
	value := rapid.OneOf(
		rapid.Map(text, func(s string) any { return s }),
		rapid.Map(rapid.Int(), func(i int) any { return i }),
		rapid.Map(rapid.Bool(), func(b bool) any { return b }),
		rapid.Map(strs, func(ss []string) any { return ss }),
		rapid.Just[any](nil), rapid.Just[any](2.5), rapid.Just[any](int64(-7)), rapid.Just[any](uint64(9)),
		rapid.Just[any](map[string]any{"z": 1, "a": "<"}), rapid.Just[any]([]int{1, 2}),
		rapid.Just[any](json.RawMessage(`{ "raw" : 1 }`)))
	rapid.Check(t, func(t *rapid.T) {
		widget := rapid.Custom(func(t *rapid.T) WidgetNow {
			w := WidgetNow{Kind: text.Draw(t, "kind"), Label: text.Draw(t, "label")}
			if rapid.Bool().Draw(t, "has state") {
				w.State = rapid.MapOfN(text, value, 0, 5).Draw(t, "state")
			}
			if rapid.IntRange(0, 20).Draw(t, "unencodable") == 0 {
				w.State = map[string]any{"f": func() {}}
			}
			return w
		})
		r := WriteResult{Applied: rapid.Bool().Draw(t, "applied"), Tool: text.Draw(t, "tool"), Changed: strs.Draw(t, "changed"),
			ToolsAdded: strs.Draw(t, "tools added"), Masked: rapid.Bool().Draw(t, "masked"), Revision: rapid.Uint64().Draw(t, "revision")}
		if rapid.Bool().Draw(t, "has widgets") {
			r.Widgets = rapid.MapOfN(text, widget, 0, 3).Draw(t, "widgets")
		}
		if rapid.Bool().Draw(t, "told") {
			r.Notifications = []ToldNotification{{Notification: tea.Notification{Text: text.Draw(t, "note")}, Pending: true}}
		}
		want, wantErr := json.Marshal(r)
		got, err := r.appendJSON(nil)
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("appendJSON error %v, json.Marshal's %v", err, wantErr)
		}
		if err == nil && string(got) != string(want) {
			t.Fatalf("appendJSON:\n%s\njson.Marshal:\n%s", got, want)
		}
	})
}
