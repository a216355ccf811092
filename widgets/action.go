package widgets

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/facetui/facet/tea"
)

// write declares a state-changing action: it is always sensitive. Its
// annotations are the same map every time, as its schema is (see
// argSpec.schema): it must not be changed. Every render that changes a
// widget asks for its actions, in every session; one map for them all is
// what an idle session then holds of them.
func write(name, description string, schema map[string]any) tea.Action {
	return tea.Action{Name: name, Description: description, InputSchema: schema,
		Annotations: sensitiveAnnotations()}
}

// sensitiveAnnotations is every write's annotations, built once.
var sensitiveAnnotations = sync.OnceValue(func() map[string]any { return map[string]any{"sensitive": true} })

// read declares a read-only action: never sensitive.
func read(name, description string, schema map[string]any) tea.Action {
	return tea.Action{Name: name, Description: description, InputSchema: schema}
}

func argErr(action, arg, format string, a ...any) error {
	return &tea.ArgumentError{Action: action, Arg: arg, Rule: fmt.Sprintf(format, a...)}
}

// jsonKind names the JSON kind of a decoded argument, as an agent wrote it:
// "a number", "a string", "true/false", "an object", "a list" or "null".
// A value JSON cannot hold (an argument built in Go) is named by its Go type.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case float64, float32, int, int64, int32, uint, uint64, uint32, json.Number:
		return "a number"
	case string:
		return "a string"
	case bool:
		return "true/false"
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	}
	switch reflect.TypeOf(v).Kind() {
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return fmt.Sprintf("a %T", v)
}

// isArg reports whether err is an *tea.ArgumentError about argument name.
func isArg(err error, name string) bool {
	var ae *tea.ArgumentError
	return errors.As(err, &ae) && ae.Arg == name
}

// ruleOf returns an *tea.ArgumentError's rule, or the error's text.
func ruleOf(err error) string {
	var ae *tea.ArgumentError
	if errors.As(err, &ae) {
		return ae.Rule
	}
	return err.Error()
}

// actionOffered reports whether action is among offered.
func actionOffered(offered []tea.Action, action string) bool {
	for _, a := range offered {
		if a.Name == action {
			return true
		}
	}
	return false
}

// act is the tea.Act of action name with its arguments as name, value
// pairs, or the zero Act (nothing to do) when off.
func act(on bool, name string, args ...any) tea.Act {
	if !on {
		return tea.Act{}
	}
	a := tea.Act{Name: name}
	if len(args) > 1 {
		a.Args = make([]tea.Arg, 0, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			a.Args = append(a.Args, tea.Arg{Name: args[i].(string), Value: args[i+1]})
		}
	}
	return a
}

// indexActs makes the Acts of parts 0 to n-1: each is action name with
// the part's index as its argument arg (zero when off). Their arguments
// share one array, so a widget of many parts allocates one.
type indexActs struct {
	name string
	args []tea.Arg
}

func newIndexActs(on bool, n int, name, arg string) indexActs {
	if !on {
		return indexActs{}
	}
	args := make([]tea.Arg, n)
	for i := range args {
		args[i] = tea.Arg{Name: arg, Value: i}
	}
	return indexActs{name: name, args: args}
}

// of is part i's Act.
func (x indexActs) of(i int) tea.Act {
	if x.name == "" {
		return tea.Act{}
	}
	return tea.Act{Name: x.name, Args: x.args[i : i+1 : i+1]}
}
