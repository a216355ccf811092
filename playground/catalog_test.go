package playground

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
)

// The catalog's names and each demo's widget ids are a public contract:
// agents call tools named <session>.<widget>.<action>. Changing one of these
// lists is a breaking change.
var wantNames = []string{"search", "login", "counter", "files", "player", "tabs", "log", "menu", "confirm", "gallery", "repl", "runtime"}

var wantFirstViewIDs = map[string][]string{
	"search":  {"search", "submit", "results", "status"},
	"login":   {"email", "password", "remember", "submit", "status"},
	"counter": {"count", "inc", "dec", "reset"},
	"files":   {"files", "preview"},
	"player":  {"timeline", "now"},
	"tabs":    {"sections"},
	"log":     {"log"},
	"menu":    {"main", "status"},
	"confirm": {"items", "delete", "confirm", "status"},
	"gallery": {"g_modal", "g_button", "g_input", "g_password", "g_area", "g_checkbox", "g_select",
		"g_tabs", "g_table", "g_tree", "g_scrubber", "g_viewport", "g_menu", "g_sparkline", "g_bars", "g_status"},
	"repl":    {"expr", "history"},
	"runtime": {"stats", "heap", "memory"},
}

var wantKinds = map[string]map[string]string{
	"search":  {"search": "text_input", "submit": "button", "results": "table", "status": "text"},
	"login":   {"email": "text_input", "password": "text_input", "remember": "checkbox", "submit": "button", "status": "text"},
	"counter": {"inc": "button", "dec": "button", "reset": "button", "count": "text"},
	"files":   {"files": "tree", "preview": "text"},
	"player":  {"timeline": "scrubber", "now": "text"},
	"tabs":    {"sections": "tabs"},
	"log":     {"log": "viewport"},
	"menu":    {"main": "menu", "status": "text"},
	"confirm": {"items": "select_list", "delete": "button", "confirm": "modal", "status": "text"},
	"repl":    {"expr": "text_input", "history": "viewport"},
	"runtime": {"stats": "text", "heap": "sparkline", "memory": "bar_chart"},
}

func TestCatalogNamesAreStableAndInOrder(t *testing.T) {
	if got := Names(); !slices.Equal(got, wantNames) {
		t.Fatalf("Names() = %v, want %v", got, wantNames)
	}
	for i, a := range Catalog() {
		if a.Name != wantNames[i] || a.Title == "" || a.Description == "" || a.New == nil {
			t.Errorf("Catalog()[%d] = %+v: want name %q with a title, a description and a constructor", i, a, wantNames[i])
		}
		if strings.Contains(a.Description, "\n") {
			t.Errorf("%s: description is not one line: %q", a.Name, a.Description)
		}
	}
}

func TestEachDemoShowsItsContractedWidgetIDsFirst(t *testing.T) {
	for _, a := range Catalog() {
		t.Run(a.Name, func(t *testing.T) {
			rt := start(t, a.New())
			view := rt.Snapshot().View
			if got := widgetIDs(view); !slices.Equal(got, wantFirstViewIDs[a.Name]) {
				t.Errorf("first view ids = %v, want %v", got, wantFirstViewIDs[a.Name])
			}
			for id, kind := range wantKinds[a.Name] {
				w, ok := tea.FindWidget(view, id)
				if !ok || w.WidgetKind() != kind {
					t.Errorf("widget %q: want a %s, got %v", id, kind, w)
				}
			}
			for _, w := range tea.Widgets(view) {
				if err := tea.CheckID("widget", w.WidgetID()); err != nil {
					t.Errorf("widget id %q: %v", w.WidgetID(), err)
				}
			}
		})
	}
}

func TestEachConstructorReturnsAFreshModelOfItsOwnType(t *testing.T) {
	for _, a := range Catalog() {
		m1, m2 := a.New(), a.New()
		if m1 == nil || m2 == nil {
			t.Fatalf("%s: New returned nil", a.Name)
		}
		next, _ := m1.Update(struct{}{})
		if got, want := fmt.Sprintf("%T", next), fmt.Sprintf("%T", m1); got != want {
			t.Errorf("%s: Update returned %s, want %s", a.Name, got, want)
		}
	}
}

func TestLookupFindsEveryDemo(t *testing.T) {
	for _, name := range wantNames {
		a, err := Lookup(name)
		if err != nil || a.Name != name {
			t.Errorf("Lookup(%q) = %v, %v", name, a.Name, err)
		}
	}
}

func TestLookupOfAnUnknownNameListsTheValidNames(t *testing.T) {
	_, err := Lookup("nope")
	var unknown *UnknownAppError
	if !errors.As(err, &unknown) {
		t.Fatalf("Lookup(nope) error = %v, want *UnknownAppError", err)
	}
	for _, name := range wantNames {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not list %q", err, name)
		}
	}
	if !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("error %q does not name the unknown demo", err)
	}
}
