package trace

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// A recording made before the widgets' events were renamed names the old
// types; it decodes to the new ones.
func TestRecordingsNamingTheOldEventNamesDecode(t *testing.T) {
	tests := []struct {
		typ  string
		raw  string
		want tea.Msg
	}{
		{"widgets.Sorted", `{"ID":"results","Column":"stars","Direction":"desc"}`, widgets.TableSorted{ID: "results", Column: "stars", Direction: "desc"}},
		{"widgets.Chosen", `{"ID":"l","Index":2,"Label":"c"}`, widgets.SelectListChosen{ID: "l", Index: 2, Label: "c"}},
		{"widgets.MenuSelected", `{"ID":"m","ItemID":"quit"}`, widgets.MenuChosen{ID: "m", ItemID: "quit"}},
		{"widgets.TableSorted", `{"ID":"t","Column":"a","Direction":"asc"}`, widgets.TableSorted{ID: "t", Column: "a", Direction: "asc"}},
	}
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			got, err := decode(tt.typ, json.RawMessage(tt.raw))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("decode(%s) = %#v, want %#v", tt.typ, got, tt.want)
			}
		})
	}
}
