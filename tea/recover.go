package tea

import (
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
)

// The app's code (Init, Update, View, a widget's handlers) runs through
// these guards, so a panic or a model of the wrong type becomes an error
// and the runtime keeps its last good model.

func safeUpdate(m Model, msg Msg) (next Model, cmd Cmd, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: p, Stack: debug.Stack()}
		}
	}()
	next, cmd = m.Update(msg)
	if isNil(next) {
		return nil, nil, &InvalidModelError{Want: typeName(m), Got: "nil"}
	}
	if reflect.TypeOf(next) != reflect.TypeOf(m) {
		return nil, nil, &InvalidModelError{Want: typeName(m), Got: typeName(next)}
	}
	return next, cmd, nil
}

func safeView(m Model) (n Node, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: fmt.Sprintf("in View: %v", p), Stack: debug.Stack()}
		}
	}()
	return m.View(), nil
}

func safeInit(m Model, log *slog.Logger) (cmd Cmd) {
	defer func() {
		if p := recover(); p != nil {
			log.Error("init panicked", "panic", p)
			cmd = nil
		}
	}()
	return m.Init()
}

func safeWidget(f func() Msg) (msg Msg, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &PanicError{Value: fmt.Sprintf("in a widget's handler: %v", p), Stack: debug.Stack()}
		}
	}()
	return f(), nil
}

func isNil(m Model) bool {
	if m == nil {
		return true
	}
	v := reflect.ValueOf(m)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Interface, reflect.Chan:
		return v.IsNil()
	}
	return false
}

func typeName(m Model) string {
	if m == nil {
		return "nil"
	}
	return reflect.TypeOf(m).String()
}
