package trace

import (
	"fmt"
	"reflect"

	"github.com/facetui/facet/tea"
)

// maxArgTries bounds the argument sets tried on one action when looking
// for the call that made a message.
const maxArgTries = 64

// callFor finds the widget action that makes msg in view: an action
// without arguments on any widget (a Button's click makes its OnClick), or
// an action of the widget msg's ID field names whose required arguments
// are taken from msg's fields (type_into's text from TextChanged's Value).
// It returns nil when none does.
func callFor(view tea.Node, msg tea.Msg) *Call {
	if msg == nil {
		return nil
	}
	if c := argCallFor(view, msg); c != nil {
		return c
	}
	for _, w := range tea.Widgets(view) {
		tp, ok := w.(tea.ToolProvider)
		if !ok {
			continue
		}
		for _, a := range tp.Actions() {
			if props, _ := a.InputSchema["properties"].(map[string]any); len(props) > 0 {
				continue
			}
			if c := (Call{Widget: w.WidgetID(), Action: a.Name}); makesWith(tp, c, msg) {
				return &c
			}
		}
	}
	return nil
}

// argCallFor tries the actions of the widget msg's string field ID names,
// each with its required arguments filled from msg's fields of the
// argument's JSON type.
func argCallFor(view tea.Node, msg tea.Msg) *Call {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Struct {
		return nil
	}
	f := v.FieldByName("ID")
	if !f.IsValid() || f.Kind() != reflect.String {
		return nil
	}
	w, ok := tea.FindWidget(view, f.String())
	if !ok {
		return nil
	}
	tp, ok := w.(tea.ToolProvider)
	if !ok {
		return nil
	}
	for _, a := range tp.Actions() {
		props, _ := a.InputSchema["properties"].(map[string]any)
		required := requiredArgs(a.InputSchema)
		sets := []map[string]any{{}}
		for _, name := range required {
			p, _ := props[name].(map[string]any)
			typ, _ := p["type"].(string)
			var next []map[string]any
			for _, set := range sets {
				for _, val := range fieldsOfType(v, typ) {
					c := make(map[string]any, len(set)+1)
					for k, x := range set {
						c[k] = x
					}
					c[name] = val
					next = append(next, c)
				}
			}
			sets = next
			if len(sets) > maxArgTries {
				sets = sets[:maxArgTries]
			}
		}
		for _, args := range sets {
			if len(args) == 0 {
				args = nil
			}
			if c := (Call{Widget: w.WidgetID(), Action: a.Name, Args: args}); makesWith(tp, c, msg) {
				return &c
			}
		}
	}
	return nil
}

// requiredArgs lists the arguments an action's schema requires.
func requiredArgs(schema map[string]any) []string {
	switch r := schema["required"].(type) {
	case []string:
		return r
	case []any:
		out := make([]string, 0, len(r))
		for _, x := range r {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// fieldsOfType returns the values of v's exported fields that JSON type
// typ takes, as a tool call's arguments carry them.
func fieldsOfType(v reflect.Value, typ string) []any {
	var out []any
	for i := range v.NumField() {
		if !v.Type().Field(i).IsExported() {
			continue
		}
		f := v.Field(i)
		switch {
		case typ == "string" && f.Kind() == reflect.String:
			out = append(out, f.String())
		case typ == "boolean" && f.Kind() == reflect.Bool:
			out = append(out, f.Bool())
		case (typ == "integer" || typ == "number") && f.CanInt():
			out = append(out, float64(f.Int()))
		case typ == "number" && f.CanFloat():
			out = append(out, f.Float())
		}
	}
	return out
}

// makesWith reports whether call c on tp makes msg.
func makesWith(tp tea.ToolProvider, c Call, msg tea.Msg) bool {
	res, err := safeInvoke(tp, c.Action, c.Args)
	return err == nil && res.IsWrite() && reflect.DeepEqual(res.Msg(), msg)
}

// safeInvoke is tp.Invoke with a panic as an error.
func safeInvoke(tp tea.ToolProvider, action string, args map[string]any) (res tea.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s panicked: %v", action, p)
		}
	}()
	return tp.Invoke(action, args)
}
