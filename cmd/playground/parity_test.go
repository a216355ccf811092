package main

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
)

// helper is a widget that lists its key bindings for the help line.
type helper interface {
	ShortHelp() []key.Binding
}

// TestEveryKeyHasATool walks every demo's widgets and fails for any key
// binding whose message no tool of that widget can produce: whatever a
// person can do with a key, an agent can do by name. (Moving focus, which
// the runtime does for Tab, is facet_send_key's widget.)
func TestEveryKeyHasATool(t *testing.T) {
	checked := 0
	for _, app := range playground.Catalog() {
		for _, w := range tea.Widgets(app.New().View()) {
			kh, isKeys := w.(tea.KeyHandler)
			h, lists := w.(helper)
			p, tools := w.(tea.ToolProvider)
			if !isKeys || !lists || !tools {
				continue
			}
			for _, b := range h.ShortHelp() {
				for _, name := range b.Keys() {
					k, err := tea.ParseKey(name)
					if err != nil {
						t.Errorf("%s: %s %s: key %q of its help does not parse: %v", app.Name, w.WidgetKind(), w.WidgetID(), name, err)
						continue
					}
					msg := kh.HandleKey(k)
					if msg == nil {
						continue
					}
					checked++
					if tool := producer(p, msg); tool == "" {
						t.Errorf("%s: %s `%s`: key %s sends %T, which none of its tools (%s) produces",
							app.Name, w.WidgetKind(), w.WidgetID(), name, msg, actionNames(p))
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d keys checked: the walk did not reach the demos' widgets", checked)
	}
}

// producer names a write of p whose message has msg's type, trying the
// arguments its schema allows with the values msg itself carries.
func producer(p tea.ToolProvider, msg tea.Msg) string {
	want := reflect.TypeOf(msg)
	for _, a := range p.Actions() {
		for _, args := range sampleArgs(a.InputSchema, msg) {
			r, err := p.Invoke(a.Name, args)
			if err == nil && r.IsWrite() && reflect.TypeOf(r.Msg()) == want {
				return a.Name
			}
		}
	}
	return ""
}

// sampleArgs are argument sets for schema: its required properties filled
// with values of the right type, taken from the enum, the minimum, or the
// fields of msg (a sort key's column, a node's id).
func sampleArgs(schema map[string]any, msg tea.Msg) []map[string]any {
	props, _ := schema["properties"].(map[string]any)
	required := map[string]bool{}
	switch r := schema["required"].(type) {
	case []string:
		for _, n := range r {
			required[n] = true
		}
	case []any:
		for _, n := range r {
			required[fmt.Sprint(n)] = true
		}
	}
	var strs []string
	var ints []int
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Struct {
		for i := 0; i < v.NumField(); i++ {
			switch f := v.Field(i); f.Kind() {
			case reflect.String:
				strs = append(strs, f.String())
			case reflect.Int:
				ints = append(ints, int(f.Int()))
			case reflect.Slice:
				for j := 0; j < f.Len(); j++ {
					if e := f.Index(j); e.Kind() == reflect.String {
						strs = append(strs, e.String())
					}
				}
			}
		}
	}
	out := []map[string]any{{}}
	names := make([]string, 0, len(props))
	for n := range props {
		if required[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		prop, _ := props[n].(map[string]any)
		var values []any
		switch prop["type"] {
		case "integer", "number":
			for _, i := range ints {
				values = append(values, float64(i))
			}
			values = append(values, 0.0, 1.0)
		case "boolean":
			values = []any{false, true}
		case "string":
			switch e := prop["enum"].(type) {
			case []string:
				for _, s := range e {
					values = append(values, s)
				}
			case []any:
				values = append(values, e...)
			}
			for _, s := range strs {
				values = append(values, s)
			}
			values = append(values, "x")
		}
		var next []map[string]any
		for _, base := range out {
			for _, v := range values {
				m := map[string]any{}
				for k, x := range base {
					m[k] = x
				}
				m[n] = v
				next = append(next, m)
			}
		}
		out = next
	}
	return out
}

func actionNames(p tea.ToolProvider) string {
	var names []string
	for _, a := range p.Actions() {
		names = append(names, a.Name)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
